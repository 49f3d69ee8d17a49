import { CARD_BRAND_NAMES, type CardBrand } from '../lib/card-brand';

/** Small inline brand marks (no downloads): a coloured card with the brand's initials or shapes. */
export function CardBrandIcon({ brand }: { brand: CardBrand }) {
  return (
    <svg
      viewBox="0 0 48 32"
      width="40"
      height="27"
      role="img"
      aria-label={CARD_BRAND_NAMES[brand]}
      data-brand={brand}
      style={{ flex: 'none' }}
    >
      {brand === 'visa' && (
        <>
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontSize="13"
            fontWeight="800"
            fontStyle="italic"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            VISA
          </text>
        </>
      )}
      {brand === 'mastercard' && (
        <>
          <rect width="48" height="32" rx="4" fill="#231f20" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </>
      )}
      {brand === 'amex' && (
        <>
          <rect width="48" height="32" rx="4" fill="#2e77bc" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontSize="10"
            fontWeight="800"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            AMEX
          </text>
        </>
      )}
      {brand === 'diners-club' && (
        <>
          <rect width="48" height="32" rx="4" fill="#fff" stroke="#0079be" strokeWidth="2" />
          <circle cx="24" cy="16" r="9" fill="none" stroke="#0079be" strokeWidth="2.5" />
          <line x1="24" y1="8" x2="24" y2="24" stroke="#0079be" strokeWidth="2" />
        </>
      )}
      {brand === 'jcb' && (
        <>
          <rect width="48" height="32" rx="4" fill="#fff" stroke="#0b4ea2" strokeWidth="2" />
          <rect x="8" y="7" width="10" height="18" rx="3" fill="#0b4ea2" />
          <rect x="19" y="7" width="10" height="18" rx="3" fill="#e21836" />
          <rect x="30" y="7" width="10" height="18" rx="3" fill="#00a651" />
        </>
      )}
      {brand === 'generic' && (
        <>
          <rect width="48" height="32" rx="4" fill="#e4e8ec" stroke="#7b8894" />
          <rect y="7" width="48" height="5" fill="#7b8894" />
          <rect x="6" y="19" width="18" height="4" rx="1" fill="#7b8894" />
        </>
      )}
    </svg>
  );
}
