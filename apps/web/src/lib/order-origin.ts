/** Spec §9: the order origin tag is a mobile constant, sent with every order and price request. */
export const ORDER_ORIGIN = 'MOBILE_WEB';
