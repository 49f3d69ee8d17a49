/** Keeps card data out of logs: the sandbox gateway's card request carries the card in its query string. */

/** Query parameters whose values are never logged. */
const SECRET_PARAMS = ['card_number', 'cvv', 'card_holder', 'verification', 'expiry_month', 'expiry_year'];
const SECRET = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** A URL with the values of card parameters replaced by "[redacted]". */
export function redactUrl(url: string): string {
  return url.replace(SECRET, '$1[redacted]');
}
