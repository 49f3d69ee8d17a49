/** How a delivery address (spec §3) reads on every screen, the staff display included: each part of it once. */

export interface AddressParts {
  streetAddress: string;
  addressLocality: string;
  postalCode: string;
  addressRegion: string;
  addressCountry?: string;
  addressDescription?: string | null;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The address in lines: street, then "Locality REGION postcode"; the description when those are unknown. */
export function addressLines(address: AddressParts): string[] {
  const locality = [address.addressLocality, address.addressRegion, address.postalCode].filter(Boolean).join(' ');
  const lines = [address.streetAddress, locality].filter(Boolean);
  return lines.length > 0 ? lines : [address.addressDescription ?? ''].filter(Boolean);
}

/**
 * The description when it tells the customer something the lines do not (a unit, a gate, a
 * landmark). Address searches put the whole formatted address there ('10 Church Street,
 * Parramatta NSW 2150, Australia'), which would only say the address twice.
 */
export function addressNote(address: AddressParts): string | null {
  const description = address.addressDescription?.trim() ?? '';
  if (!description) return null;
  const known = new Set(
    words(
      [
        address.streetAddress,
        address.addressLocality,
        address.addressRegion,
        address.postalCode,
        address.addressCountry ?? '',
        // spec §9: country AU; searches spell it out
        'Australia',
      ].join(' '),
    ),
  );
  if (addressLines(address)[0] === description) return null;
  return words(description).every((word) => known.has(word)) ? null : description;
}
