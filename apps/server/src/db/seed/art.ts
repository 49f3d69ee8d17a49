/**
 * Flat illustrations for the demo venue, drawn as SVG source so images are made locally and
 * rendered to any size on request. Each picture is a 400×400 square: a warm background of its
 * vendor, a soft plate and shadow, and the food or drink on top. No text, so rendering never
 * depends on installed fonts.
 */

/** The background colours of one vendor's pictures. */
export interface Palette {
  /** the backdrop */
  background: string;
  /** the disc behind the food */
  plate: string;
  /** the vendor's brand colour (logo badge) */
  accent: string;
}

export const PALETTES = {
  bar: { background: '#F4B860', plate: '#FCE3B0', accent: '#8C3B1F' },
  burgers: { background: '#F08A4B', plate: '#FFD9B8', accent: '#B23A1E' },
  pizza: { background: '#E8604C', plate: '#FFE0C7', accent: '#2F7D4F' },
  coffee: { background: '#C8916A', plate: '#F6E4D3', accent: '#5B3A29' },
  desserts: { background: '#F3A0B5', plate: '#FFE6EC', accent: '#B0306A' },
  noodles: { background: '#E3A33B', plate: '#FFF0C9', accent: '#B3261E' },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

const SHADOW = '<ellipse cx="200" cy="338" rx="128" ry="16" fill="#000" opacity=".13"/>';

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Scattered small circles (bubbles, sesame seeds, sprinkles) at fixed, pleasant positions. */
function dots(points: ReadonlyArray<readonly [number, number]>, r: number, fill: string, extra = ''): string {
  return points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" ${extra}/>`).join('');
}

// ---------------------------------------------------------------- drinks

function beer(colour: string): string {
  return `
    <path d="M140 118 L260 118 L248 330 Q247 340 236 340 L164 340 Q153 340 152 330 Z" fill="${colour}"/>
    <path d="M140 118 L260 118 L257 160 L143 160 Z" fill="#FFF8E7"/>
    <circle cx="155" cy="118" r="22" fill="#FFF8E7"/><circle cx="185" cy="108" r="26" fill="#FFF8E7"/>
    <circle cx="220" cy="110" r="24" fill="#FFF8E7"/><circle cx="248" cy="120" r="20" fill="#FFF8E7"/>
    ${dots(
      [
        [180, 200],
        [210, 240],
        [190, 280],
        [225, 300],
        [200, 180],
        [175, 250],
      ],
      4,
      '#fff',
      'opacity=".55"',
    )}
    <path d="M158 170 L166 320" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35"/>`;
}

function wine(colour: string): string {
  return `
    <path d="M140 90 L260 90 Q268 190 200 222 Q132 190 140 90 Z" fill="#FFFFFF" opacity=".55"/>
    <path d="M144 140 L256 140 Q256 200 200 222 Q144 200 144 140 Z" fill="${colour}"/>
    <rect x="194" y="220" width="12" height="92" fill="#FFFFFF" opacity=".8"/>
    <ellipse cx="200" cy="320" rx="58" ry="12" fill="#FFFFFF" opacity=".85"/>
    <path d="M160 104 Q156 150 172 180" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".6"/>`;
}

function sparkling(): string {
  return `
    <path d="M172 70 L228 70 L222 210 Q200 232 178 210 Z" fill="#FFFFFF" opacity=".55"/>
    <path d="M175 110 L225 110 L221 206 Q200 226 179 206 Z" fill="#F6D77A"/>
    ${dots(
      [
        [192, 190],
        [205, 160],
        [196, 135],
        [210, 195],
        [200, 120],
      ],
      4,
      '#fff',
      'opacity=".8"',
    )}
    <rect x="195" y="222" width="10" height="92" fill="#FFFFFF" opacity=".8"/>
    <ellipse cx="200" cy="320" rx="50" ry="11" fill="#FFFFFF" opacity=".85"/>`;
}

function cocktail(kind: 'espresso-martini' | 'margarita' | 'spritz' | 'gin-tonic'): string {
  if (kind === 'gin-tonic') {
    return `
      <rect x="140" y="110" width="120" height="226" rx="12" fill="#FFFFFF" opacity=".55"/>
      <rect x="148" y="150" width="104" height="178" rx="8" fill="#E4F4F1"/>
      <rect x="160" y="170" width="40" height="40" rx="6" fill="#FFFFFF" opacity=".8" transform="rotate(-12 180 190)"/>
      <rect x="202" y="210" width="38" height="38" rx="6" fill="#FFFFFF" opacity=".8" transform="rotate(10 221 229)"/>
      <circle cx="236" cy="122" r="34" fill="#7CC04B"/><circle cx="236" cy="122" r="26" fill="#C6E88E"/>
      <path d="M236 96 L236 148 M210 122 L262 122" stroke="#7CC04B" stroke-width="3"/>
      <rect x="172" y="60" width="8" height="110" rx="4" fill="#E34B4B" transform="rotate(14 176 115)"/>`;
  }
  if (kind === 'spritz') {
    return `
      <path d="M135 100 L265 100 Q275 230 200 252 Q125 230 135 100 Z" fill="#FFFFFF" opacity=".55"/>
      <path d="M139 140 L261 140 Q262 226 200 246 Q138 226 139 140 Z" fill="#F2772E"/>
      <circle cx="232" cy="168" r="30" fill="#FFB347"/><circle cx="232" cy="168" r="23" fill="#FFD27F"/>
      ${dots(
        [
          [170, 200],
          [190, 176],
          [212, 222],
        ],
        4,
        '#fff',
        'opacity=".7"',
      )}
      <rect x="194" y="248" width="12" height="66" fill="#FFFFFF" opacity=".8"/>
      <ellipse cx="200" cy="320" rx="56" ry="12" fill="#FFFFFF" opacity=".85"/>`;
  }
  const liquid = kind === 'margarita' ? '#D8EC9A' : '#4A2C1F';
  const garnish =
    kind === 'margarita'
      ? `<path d="M250 92 A40 40 0 0 1 290 132 L250 132 Z" fill="#7CC04B"/><path d="M256 100 A30 30 0 0 1 282 126 L256 126 Z" fill="#C6E88E"/>
         ${dots(
           [
             [120, 92],
             [140, 94],
             [160, 92],
             [180, 94],
             [220, 94],
             [240, 92],
           ],
           4,
           '#FFFFFF',
         )}`
      : `<ellipse cx="184" cy="116" rx="11" ry="7" fill="#2A170F"/><ellipse cx="202" cy="112" rx="11" ry="7" fill="#2A170F"/><ellipse cx="220" cy="116" rx="11" ry="7" fill="#2A170F"/>`;
  const foam = kind === 'espresso-martini' ? '<path d="M128 106 L272 106 L262 120 L138 120 Z" fill="#C8A27A"/>' : '';
  return `
    <path d="M110 94 L290 94 L206 200 L194 200 Z" fill="#FFFFFF" opacity=".55"/>
    <path d="M124 104 L276 104 L205 192 L195 192 Z" fill="${liquid}"/>${foam}
    <rect x="194" y="196" width="12" height="118" fill="#FFFFFF" opacity=".8"/>
    <ellipse cx="200" cy="320" rx="58" ry="12" fill="#FFFFFF" opacity=".85"/>${garnish}`;
}

function can(colour: string, stripe: string): string {
  return `
    <rect x="140" y="96" width="120" height="240" rx="22" fill="${colour}"/>
    <rect x="140" y="96" width="120" height="26" rx="12" fill="#D9D9D9"/>
    <rect x="140" y="310" width="120" height="26" rx="12" fill="#BDBDBD"/>
    <path d="M140 190 Q200 160 260 190 L260 236 Q200 206 140 236 Z" fill="${stripe}"/>
    <rect x="156" y="130" width="14" height="170" rx="7" fill="#fff" opacity=".3"/>
    <rect x="186" y="88" width="28" height="10" rx="4" fill="#A6A6A6"/>`;
}

function bottle(colour: string, label: string): string {
  return `
    <path d="M182 60 L218 60 L218 120 Q252 140 252 180 L252 322 Q252 338 236 338 L164 338 Q148 338 148 322 L148 180 Q148 140 182 120 Z" fill="${colour}"/>
    <rect x="180" y="52" width="40" height="16" rx="4" fill="#C9C9C9"/>
    <rect x="148" y="210" width="104" height="70" fill="${label}"/>
    <circle cx="200" cy="245" r="20" fill="#fff" opacity=".85"/>
    <rect x="160" y="150" width="12" height="160" rx="6" fill="#fff" opacity=".3"/>`;
}

// ---------------------------------------------------------------- burgers and sides

type BurgerStyle = 'classic' | 'double' | 'chicken' | 'veggie' | 'wagyu' | 'special';

function burger(style: BurgerStyle): string {
  const patty = {
    classic: '#6B3A22',
    double: '#6B3A22',
    chicken: '#E0A43A',
    veggie: '#7A9A3A',
    wagyu: '#4A2417',
    special: '#5A2E1A',
  }[style];
  const secondPatty =
    style === 'double' ? `<rect x="110" y="250" width="180" height="30" rx="14" fill="${patty}"/>` : '';
  const lift = style === 'double' ? 0 : 14;
  return `
    <path d="M108 292 L292 292 Q292 322 262 326 L138 326 Q108 322 108 292 Z" fill="#E9A14A"/>
    ${secondPatty}
    <rect x="104" y="${250 + lift - 30}" width="192" height="34" rx="16" fill="${patty}"/>
    <path d="M104 ${214 + lift} L296 ${214 + lift} L276 ${236 + lift} L252 ${222 + lift} L228 ${240 + lift} L200 ${222 + lift} L172 ${240 + lift} L148 ${222 + lift} L124 ${238 + lift} Z" fill="#FFC83D"/>
    <path d="M98 ${206 + lift} Q120 ${190 + lift} 140 ${208 + lift} Q160 ${190 + lift} 180 ${208 + lift} Q200 ${190 + lift} 220 ${208 + lift} Q240 ${190 + lift} 260 ${208 + lift} Q282 ${190 + lift} 302 ${206 + lift} L302 ${216 + lift} L98 ${216 + lift} Z" fill="#6CBF4A"/>
    ${style === 'veggie' || style === 'classic' ? `<rect x="120" y="${200 + lift}" width="160" height="10" rx="5" fill="#E8473B"/>` : ''}
    <path d="M100 ${200 + lift} Q100 110 200 108 Q300 110 300 ${200 + lift} Z" fill="#F0A848"/>
    <path d="M124 ${160} Q150 122 200 120" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round" opacity=".35"/>
    ${dots(
      [
        [170, 140],
        [200, 132],
        [232, 142],
        [152, 166],
        [214, 160],
        [250, 168],
        [186, 170],
      ],
      4,
      '#FFF3D6',
    )}`;
}

function fries(colour: string): string {
  const sticks = [
    [150, 90, -8],
    [172, 78, -3],
    [196, 70, 2],
    [220, 80, 6],
    [242, 92, 10],
    [162, 100, -12],
    [208, 96, 4],
    [232, 104, 8],
  ]
    .map(
      ([x, y, a]) =>
        `<rect x="${x}" y="${y}" width="18" height="130" rx="5" fill="${colour}" transform="rotate(${a} ${x} ${y})"/>`,
    )
    .join('');
  return `${sticks}
    <path d="M128 170 L272 170 L252 336 L148 336 Z" fill="#D8342B"/>
    <path d="M128 170 Q200 206 272 170 L268 200 Q200 236 132 200 Z" fill="#B82A22"/>
    <circle cx="200" cy="262" r="26" fill="#FFC83D"/><circle cx="200" cy="262" r="14" fill="#D8342B"/>`;
}

function onionRings(): string {
  const ring = (x: number, y: number, a: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="58" ry="34" fill="none" stroke="#D9953A" stroke-width="22" transform="rotate(${a} ${x} ${y})"/>
     <ellipse cx="${x}" cy="${y}" rx="58" ry="34" fill="none" stroke="#F2C374" stroke-width="8" stroke-dasharray="6 10" transform="rotate(${a} ${x} ${y})"/>`;
  return `${ring(160, 270, -8)}${ring(244, 262, 10)}${ring(200, 200, -4)}${ring(176, 140, 12)}`;
}

function hotDog(): string {
  return `
    <rect x="90" y="176" width="220" height="56" rx="28" fill="#A8432A" transform="rotate(-10 200 204)"/>
    <path d="M96 224 Q200 300 304 190 L310 214 Q210 330 100 250 Z" fill="#EFA54E" />
    <path d="M92 200 Q200 130 306 170 L306 186 Q200 152 92 220 Z" fill="#F3B562"/>
    <path d="M112 198 q12 -14 24 0 t24 0 t24 0 t24 0 t24 0 t24 0 t24 0 t24 0" stroke="#FFD23F" stroke-width="7" fill="none" stroke-linecap="round" transform="rotate(-10 200 204)"/>`;
}

function salad(leaf: string, extra: string): string {
  return `
    <path d="M92 200 L308 200 Q300 320 200 326 Q100 320 92 200 Z" fill="#FFFFFF"/>
    <path d="M92 200 L308 200 Q304 230 290 250 L110 250 Q96 230 92 200 Z" fill="#E9E4DA"/>
    ${dots(
      [
        [120, 196],
        [150, 180],
        [182, 172],
        [214, 176],
        [246, 180],
        [278, 194],
        [136, 210],
        [264, 210],
        [200, 200],
      ],
      26,
      leaf,
    )}
    ${extra}`;
}

function familyPack(): string {
  return `
    <rect x="86" y="150" width="228" height="186" rx="14" fill="#D8342B"/>
    <rect x="86" y="150" width="228" height="38" rx="12" fill="#B82A22"/>
    <g transform="translate(70 18) scale(.42)">${burger('classic')}</g>
    <g transform="translate(170 10) scale(.42)">${burger('chicken')}</g>
    <g transform="translate(220 40) scale(.3)">${fries('#FFD23F')}</g>
    <path d="M150 250 h100 M160 280 h80" stroke="#FFC83D" stroke-width="12" stroke-linecap="round"/>`;
}

// ---------------------------------------------------------------- pizza

type PizzaStyle = 'margherita' | 'pepperoni' | 'hawaiian' | 'supreme' | 'bbq-chicken' | 'vegetarian';

function pizza(style: PizzaStyle): string {
  const toppings: string[] = [];
  if (style === 'margherita')
    toppings.push(
      dots(
        [
          [170, 180],
          [240, 200],
          [200, 260],
          [150, 245],
          [250, 265],
        ],
        14,
        '#FFF8E7',
      ),
      leaves([
        [190, 210],
        [228, 240],
        [164, 214],
      ]),
    );
  if (style === 'pepperoni' || style === 'supreme')
    toppings.push(
      dots(
        [
          [160, 170],
          [230, 160],
          [260, 220],
          [200, 210],
          [150, 240],
          [210, 270],
          [250, 280],
        ],
        18,
        '#B92B27',
      ),
    );
  if (style === 'hawaiian')
    toppings.push(
      squares(
        [
          [160, 180],
          [230, 170],
          [250, 240],
          [180, 260],
          [205, 215],
        ],
        '#FFD23F',
      ),
      squares(
        [
          [190, 160],
          [150, 220],
          [228, 270],
          [262, 200],
        ],
        '#F29C9C',
      ),
    );
  if (style === 'supreme' || style === 'vegetarian')
    toppings.push(
      dots(
        [
          [180, 160],
          [250, 250],
          [160, 270],
          [220, 236],
        ],
        9,
        '#2B2B2B',
      ),
      rings(
        [
          [226, 190],
          [170, 214],
          [200, 280],
        ],
        '#3FA34D',
      ),
    );
  if (style === 'vegetarian')
    toppings.push(
      squares(
        [
          [150, 190],
          [240, 160],
          [262, 230],
          [190, 250],
        ],
        '#E8473B',
      ),
    );
  if (style === 'bbq-chicken')
    toppings.push(
      squares(
        [
          [160, 180],
          [230, 170],
          [250, 240],
          [180, 260],
          [205, 215],
          [150, 230],
        ],
        '#E8B87A',
      ),
      rings(
        [
          [226, 200],
          [176, 214],
        ],
        '#8E3B8E',
      ),
    );
  return `
    <circle cx="200" cy="220" r="126" fill="#E2A04A"/>
    <circle cx="200" cy="220" r="108" fill="${style === 'bbq-chicken' ? '#7A3420' : '#D94A2B'}"/>
    <path d="M110 200 Q130 130 200 118 Q280 120 300 210 Q290 300 200 318 Q120 306 110 200 Z" fill="#FBD66B"/>
    ${toppings.join('')}
    <path d="M200 220 L200 94 M200 220 L309 283 M200 220 L91 283" stroke="#C9853A" stroke-width="4" opacity=".6"/>`;
}

function squares(points: ReadonlyArray<readonly [number, number]>, fill: string): string {
  return points
    .map(
      ([x, y], i) =>
        `<rect x="${x - 11}" y="${y - 11}" width="22" height="22" rx="4" fill="${fill}" transform="rotate(${i * 23} ${x} ${y})"/>`,
    )
    .join('');
}

function rings(points: ReadonlyArray<readonly [number, number]>, stroke: string): string {
  return points
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="none" stroke="${stroke}" stroke-width="6"/>`)
    .join('');
}

function leaves(points: ReadonlyArray<readonly [number, number]>): string {
  return points
    .map(
      ([x, y], i) =>
        `<ellipse cx="${x}" cy="${y}" rx="14" ry="8" fill="#3FA34D" transform="rotate(${i * 50 - 30} ${x} ${y})"/>`,
    )
    .join('');
}

function garlicBread(): string {
  const slice = (x: number, a: number) =>
    `<g transform="rotate(${a} ${x} 230)"><rect x="${x - 40}" y="170" width="80" height="130" rx="30" fill="#E2A04A"/><rect x="${x - 30}" y="182" width="60" height="106" rx="22" fill="#FBE6A2"/>${leaves(
      [
        [x - 8, 210],
        [x + 10, 250],
      ],
    )}</g>`;
  return `${slice(140, -12)}${slice(200, 0)}${slice(260, 12)}`;
}

// ---------------------------------------------------------------- café

type CupStyle = 'latte' | 'black' | 'mocha' | 'chai' | 'chocolate' | 'tea';

function cup(style: CupStyle): string {
  const surface = {
    latte: '#C98B55',
    black: '#3B2216',
    mocha: '#6B3F25',
    chai: '#D6A36D',
    chocolate: '#5A2E1C',
    tea: '#B5651D',
  }[style];
  const art =
    style === 'latte'
      ? '<path d="M200 176 C186 160 164 170 176 188 L200 208 L224 188 C236 170 214 160 200 176 Z" fill="#FFF4E3"/>'
      : style === 'mocha' || style === 'chocolate'
        ? dots(
            [
              [180, 180],
              [214, 176],
              [198, 196],
            ],
            10,
            '#FFF4E3',
          )
        : style === 'chai'
          ? '<path d="M168 184 Q200 168 232 186" stroke="#8C5A2E" stroke-width="5" fill="none"/>'
          : '';
  const tag =
    style === 'tea'
      ? '<path d="M262 160 Q300 200 290 250" stroke="#fff" stroke-width="3" fill="none"/><rect x="276" y="248" width="28" height="34" rx="3" fill="#8FC26A"/>'
      : '';
  return `
    <ellipse cx="200" cy="316" rx="130" ry="26" fill="#FFFFFF"/>
    <ellipse cx="200" cy="312" rx="90" ry="14" fill="#EDE4DA"/>
    <path d="M110 180 L290 180 Q288 300 200 310 Q112 300 110 180 Z" fill="#FFFFFF"/>
    <path d="M286 204 Q336 204 330 244 Q324 280 276 276" stroke="#FFFFFF" stroke-width="16" fill="none"/>
    <ellipse cx="200" cy="184" rx="90" ry="24" fill="${surface}"/>${art}${tag}
    <path d="M170 130 q-12 -20 0 -40 M200 126 q-12 -20 0 -40 M230 130 q-12 -20 0 -40" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity=".6"/>`;
}

function icedLatte(): string {
  return `
    <path d="M140 100 L260 100 L246 334 L154 334 Z" fill="#FFFFFF" opacity=".55"/>
    <path d="M146 170 L254 170 L246 326 L154 326 Z" fill="#D9B08C"/>
    <path d="M148 228 L252 228 L246 326 L154 326 Z" fill="#7A4A2E"/>
    <rect x="166" y="180" width="34" height="34" rx="6" fill="#FFFFFF" opacity=".75" transform="rotate(-10 183 197)"/>
    <rect x="206" y="196" width="32" height="32" rx="6" fill="#FFFFFF" opacity=".75" transform="rotate(12 222 212)"/>
    <rect x="214" y="50" width="12" height="150" rx="6" fill="#3FA34D" transform="rotate(10 220 125)"/>`;
}

function croissant(filled = false): string {
  return `
    <path d="M84 268 Q96 170 200 150 Q304 170 316 268 Q286 250 262 262 Q240 214 200 210 Q160 214 138 262 Q114 250 84 268 Z" fill="#E39B3E"/>
    <path d="M138 262 Q160 214 200 210 Q240 214 262 262 Q232 288 200 288 Q168 288 138 262 Z" fill="#F0B45A"/>
    <path d="M150 178 Q168 220 160 254 M200 152 L200 206 M250 178 Q232 220 240 254" stroke="#B8722A" stroke-width="6" fill="none" stroke-linecap="round"/>
    ${
      filled
        ? dots(
            [
              [170, 182],
              [200, 176],
              [230, 184],
              [186, 196],
              [216, 196],
            ],
            7,
            '#FFF1D0',
          )
        : ''
    }`;
}

function muffin(): string {
  return `
    <path d="M132 220 L268 220 L252 330 L148 330 Z" fill="#5A8FD8"/>
    <path d="M150 220 L158 330 M176 220 L180 330 M200 220 L200 330 M224 220 L220 330 M250 220 L242 330" stroke="#3F6FB0" stroke-width="6"/>
    <path d="M110 226 Q100 130 200 122 Q300 130 290 226 Z" fill="#E7B266"/>
    ${dots(
      [
        [160, 170],
        [206, 150],
        [244, 186],
        [182, 204],
        [226, 210],
        [150, 206],
      ],
      10,
      '#4B3C8C',
    )}`;
}

function roll(): string {
  return `
    <path d="M96 244 Q96 300 200 304 Q304 300 304 244 Z" fill="#E2A04A"/>
    <rect x="100" y="222" width="200" height="24" rx="10" fill="#C0523C"/>
    <ellipse cx="200" cy="214" rx="96" ry="20" fill="#FFFFFF"/><circle cx="200" cy="212" r="22" fill="#FFC02E"/>
    <path d="M98 204 Q100 120 200 118 Q300 120 302 204 Z" fill="#EDAE55"/>
    ${dots(
      [
        [150, 150],
        [190, 138],
        [232, 148],
        [260, 172],
        [170, 172],
      ],
      4,
      '#FFF1D0',
    )}`;
}

function scone(): string {
  return `
    <path d="M112 240 Q112 300 200 306 Q288 300 288 240 Z" fill="#E6B26A"/>
    <ellipse cx="200" cy="236" rx="92" ry="20" fill="#FFF8EC"/>
    <ellipse cx="200" cy="220" rx="80" ry="16" fill="#C7263E"/>
    <path d="M120 212 Q112 140 200 136 Q288 140 280 212 Q200 226 120 212 Z" fill="#EDBE7C"/>
    <path d="M160 160 Q200 150 240 162" stroke="#fff" stroke-width="7" fill="none" opacity=".4" stroke-linecap="round"/>`;
}

function bananaBread(): string {
  return `
    <rect x="110" y="150" width="180" height="170" rx="20" fill="#8A5A2B"/>
    <rect x="124" y="166" width="152" height="140" rx="12" fill="#D9A45C"/>
    ${dots(
      [
        [150, 200],
        [200, 240],
        [250, 210],
        [170, 280],
        [240, 280],
      ],
      6,
      '#6B3F1F',
    )}
    <ellipse cx="200" cy="156" rx="90" ry="14" fill="#F3D76B"/>`;
}

function avoToast(): string {
  return `
    <path d="M110 320 L110 170 Q110 120 160 120 L240 120 Q290 120 290 170 L290 320 Z" fill="#C98A3F"/>
    <path d="M124 308 L124 176 Q124 134 164 134 L236 134 Q276 134 276 176 L276 308 Z" fill="#F2CE8A"/>
    ${dots(
      [
        [160, 190],
        [200, 180],
        [240, 196],
        [170, 240],
        [220, 236],
        [190, 280],
        [240, 274],
      ],
      24,
      '#8CBF4A',
    )}
    ${dots(
      [
        [180, 210],
        [226, 256],
        [160, 270],
      ],
      5,
      '#E8473B',
    )}`;
}

// ---------------------------------------------------------------- desserts

function cakeSlice(sponge: string, cream: string, top: string): string {
  return `
    <path d="M90 300 L310 300 L310 210 L90 160 Z" fill="${sponge}"/>
    <path d="M90 230 L310 262 L310 276 L90 246 Z" fill="${cream}"/>
    <path d="M90 160 L310 210 L290 120 Z" fill="${top}"/>
    <path d="M90 160 L310 210 L310 226 L90 176 Z" fill="${cream}"/>
    <circle cx="272" cy="140" r="18" fill="#C7263E"/>`;
}

function iceCream(scoops: readonly string[]): string {
  const balls = scoops
    .map(
      (fill, i) =>
        `<circle cx="${200 + (i - (scoops.length - 1) / 2) * 46}" cy="${150 - (i % 2) * 26}" r="52" fill="${fill}"/>`,
    )
    .join('');
  return `
    <path d="M146 186 L254 186 L200 340 Z" fill="#E2A04A"/>
    <path d="M160 210 L224 300 M186 200 L238 262 M240 210 L176 300 M214 200 L162 262" stroke="#B8722A" stroke-width="5"/>
    ${balls}`;
}

function sundae(): string {
  return `
    <path d="M110 190 L290 190 Q280 270 200 276 Q120 270 110 190 Z" fill="#FFFFFF" opacity=".7"/>
    <circle cx="160" cy="180" r="44" fill="#FFF1D6"/><circle cx="240" cy="180" r="44" fill="#6B3F25"/><circle cx="200" cy="150" r="46" fill="#F7B2C4"/>
    <path d="M150 150 Q170 190 200 170 Q230 196 250 156" stroke="#4A2417" stroke-width="10" fill="none" stroke-linecap="round"/>
    <circle cx="204" cy="96" r="16" fill="#C7263E"/><path d="M204 82 Q210 60 226 56" stroke="#3FA34D" stroke-width="4" fill="none"/>
    <rect x="192" y="274" width="16" height="44" fill="#FFFFFF" opacity=".8"/><ellipse cx="200" cy="322" rx="56" ry="12" fill="#FFFFFF" opacity=".85"/>`;
}

function donut(icing: string, sprinkles: boolean): string {
  return `
    <circle cx="200" cy="220" r="116" fill="#E2A04A"/>
    <path d="M200 112 Q266 108 300 170 Q318 230 290 262 Q260 300 200 312 Q140 300 110 262 Q84 224 100 170 Q134 108 200 112 Z" fill="${icing}"/>
    <circle cx="200" cy="220" r="38" fill="${PALETTES.desserts.plate}"/>
    ${
      sprinkles
        ? [
            [150, 160, 20],
            [240, 150, -30],
            [270, 220, 60],
            [140, 240, -10],
            [200, 280, 40],
            [250, 280, 10],
            [180, 150, 80],
          ]
            .map(
              ([x, y, a], i) =>
                `<rect x="${x}" y="${y}" width="16" height="6" rx="3" fill="${['#FFD23F', '#5A8FD8', '#3FA34D', '#FFFFFF'][i % 4]}" transform="rotate(${a} ${x} ${y})"/>`,
            )
            .join('')
        : dots(
            [
              [150, 170],
              [240, 160],
              [270, 230],
              [140, 250],
              [200, 290],
              [250, 286],
              [180, 150],
              [220, 140],
            ],
            4,
            '#FFF4E0',
          )
    }`;
}

// ---------------------------------------------------------------- noodle house

function bowl(contents: string, broth: string): string {
  return `
    ${contents}
    <path d="M84 210 L316 210 Q310 316 200 326 Q90 316 84 210 Z" fill="#B3261E"/>
    <path d="M96 236 L304 236" stroke="#FFF0C9" stroke-width="6"/>
    <path d="M84 210 L316 210" stroke="${broth}" stroke-width="14" stroke-linecap="round"/>
    <rect x="230" y="60" width="10" height="170" rx="5" fill="#8A5A2B" transform="rotate(24 235 145)"/>
    <rect x="252" y="64" width="10" height="170" rx="5" fill="#A87340" transform="rotate(30 257 149)"/>`;
}

function noodles(colour: string, broth: string, topping: string): string {
  const strands = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M${116 + i * 10} 210 q20 -40 40 0 t40 0 t40 0 t40 0" stroke="${colour}" stroke-width="9" fill="none" transform="translate(0 ${-i * 8})"/>`,
    )
    .join('');
  return bowl(`${strands}${topping}`, broth);
}

function dumplings(): string {
  const one = (x: number, y: number) =>
    `<path d="M${x - 52} ${y} Q${x} ${y - 86} ${x + 52} ${y} Q${x} ${y + 22} ${x - 52} ${y} Z" fill="#FFF7E8" stroke="#E0C49A" stroke-width="4"/>
     <path d="M${x - 26} ${y - 30} q8 12 0 24 M${x} ${y - 40} q8 14 0 28 M${x + 26} ${y - 30} q8 12 0 24" stroke="#D9B77F" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  return `
    <ellipse cx="200" cy="284" rx="156" ry="58" fill="#8A5A2B"/><ellipse cx="200" cy="270" rx="146" ry="48" fill="#C98A3F"/>
    <path d="M70 270 L330 270 M110 240 L110 300 M160 232 L160 312 M240 232 L240 312 M290 240 L290 300" stroke="#A86F32" stroke-width="4"/>
    ${one(136, 262)}${one(264, 262)}${one(200, 230)}${one(200, 296)}
    <ellipse cx="306" cy="178" rx="30" ry="12" fill="#3B2216"/><ellipse cx="306" cy="172" rx="30" ry="10" fill="#6B3F25"/>`;
}

function springRolls(): string {
  const one = (y: number, a: number) =>
    `<g transform="rotate(${a} 200 ${y})"><rect x="100" y="${y - 22}" width="200" height="44" rx="22" fill="#E39B3E"/><path d="M140 ${y - 18} l-10 36 M180 ${y - 20} l-10 40 M220 ${y - 20} l-10 40 M260 ${y - 18} l-10 36" stroke="#C0782C" stroke-width="4"/></g>`;
  return `${one(300, -6)}${one(250, 4)}${one(200, -8)}<ellipse cx="300" cy="150" rx="34" ry="20" fill="#C7263E"/>`;
}

function friedRice(): string {
  return bowl(
    `<path d="M90 212 Q200 100 310 212 Z" fill="#F2D27E"/>${dots(
      [
        [150, 190],
        [200, 160],
        [250, 190],
        [180, 196],
        [228, 176],
      ],
      8,
      '#3FA34D',
    )}${dots(
      [
        [170, 176],
        [220, 196],
        [240, 160],
      ],
      8,
      '#E8473B',
    )}${dots(
      [
        [196, 184],
        [150, 170],
      ],
      9,
      '#FFC02E',
    )}`,
    '#F2D27E',
  );
}

function pretzels(): string {
  const knot = (x: number, y: number, a: number) =>
    `<g transform="rotate(${a} ${x} ${y})"><path d="M${x - 50} ${y} Q${x - 60} ${y - 60} ${x} ${y - 10} Q${x + 60} ${y - 60} ${x + 50} ${y} Q${x + 30} ${y + 50} ${x} ${y + 20} Q${x - 30} ${y + 50} ${x - 50} ${y} Z" fill="none" stroke="#9A5524" stroke-width="18" stroke-linejoin="round"/>${dots(
      [
        [x - 40, y - 14],
        [x + 10, y - 20],
        [x + 36, y + 20],
        [x - 18, y + 26],
      ],
      3,
      '#FFFFFF',
    )}</g>`;
  return `<ellipse cx="200" cy="280" rx="140" ry="40" fill="#FFFFFF"/>${knot(150, 250, -10)}${knot(250, 246, 12)}${knot(200, 190, 0)}`;
}

// ---------------------------------------------------------------- catalogue of pictures

const DRAWINGS = {
  'beer-lager': () => beer('#F4C430'),
  'beer-pale-ale': () => beer('#E39B28'),
  'beer-hazy-ipa': () => beer('#F2A93B'),
  'beer-dark': () => beer('#4A2417'),
  'beer-zero': () => bottle('#3E7D4A', '#F4E6C0'),
  cider: () => beer('#F2D27E'),
  'wine-red': () => wine('#7B1E2B'),
  'wine-white': () => wine('#F3E3A1'),
  'wine-rose': () => wine('#F29C9C'),
  'wine-sparkling': () => sparkling(),
  'cocktail-espresso-martini': () => cocktail('espresso-martini'),
  'cocktail-margarita': () => cocktail('margarita'),
  'cocktail-spritz': () => cocktail('spritz'),
  'cocktail-gin-tonic': () => cocktail('gin-tonic'),
  'soft-cola': () => can('#C8102E', '#FFFFFF'),
  'soft-lemonade': () => can('#F5E663', '#3FA34D'),
  'soft-orange': () => can('#F28C28', '#FFF1D0'),
  'water-sparkling': () => bottle('#7FB7E6', '#FFFFFF'),
  pretzels: () => pretzels(),
  'burger-classic': () => burger('classic'),
  'burger-double': () => burger('double'),
  'burger-chicken': () => burger('chicken'),
  'burger-veggie': () => burger('veggie'),
  'burger-wagyu': () => burger('wagyu'),
  'burger-special': () => burger('special'),
  'family-pack': () => familyPack(),
  fries: () => fries('#FFD23F'),
  'fries-sweet-potato': () => fries('#F28C28'),
  'onion-rings': () => onionRings(),
  'hot-dog': () => hotDog(),
  'salad-garden': () =>
    salad(
      '#6CBF4A',
      dots(
        [
          [170, 186],
          [232, 190],
          [200, 170],
        ],
        12,
        '#E8473B',
      ),
    ),
  'salad-caesar': () =>
    salad(
      '#A9D46F',
      squares(
        [
          [166, 184],
          [236, 186],
          [204, 168],
        ],
        '#F2D27E',
      ) +
        dots(
          [
            [190, 196],
            [220, 200],
          ],
          8,
          '#FFF8E7',
        ),
    ),
  'pizza-margherita': () => pizza('margherita'),
  'pizza-pepperoni': () => pizza('pepperoni'),
  'pizza-hawaiian': () => pizza('hawaiian'),
  'pizza-supreme': () => pizza('supreme'),
  'pizza-bbq-chicken': () => pizza('bbq-chicken'),
  'pizza-vegetarian': () => pizza('vegetarian'),
  'garlic-bread': () => garlicBread(),
  'coffee-latte': () => cup('latte'),
  'coffee-black': () => cup('black'),
  'coffee-mocha': () => cup('mocha'),
  'coffee-chai': () => cup('chai'),
  'hot-chocolate': () => cup('chocolate'),
  tea: () => cup('tea'),
  'iced-latte': () => icedLatte(),
  croissant: () => croissant(),
  'croissant-almond': () => croissant(true),
  muffin: () => muffin(),
  'bacon-egg-roll': () => roll(),
  scones: () => scone(),
  'banana-bread': () => bananaBread(),
  'avocado-toast': () => avoToast(),
  'cake-chocolate': () => cakeSlice('#5A2E1C', '#8C5A3C', '#3B1D12'),
  'cake-cheesecake': () => cakeSlice('#FFF1CF', '#F7E2A8', '#C7263E'),
  'ice-cream-cone': () => iceCream(['#FFF1D6', '#F7B2C4']),
  'ice-cream-triple': () => iceCream(['#6B3F25', '#FFF1D6', '#A8D8A0']),
  sundae: () => sundae(),
  'donut-pink': () => donut('#F27BA0', true),
  'donut-cinnamon': () => donut('#D9954A', false),
  'noodles-pad-thai': () =>
    noodles(
      '#F2C46B',
      '#F2C46B',
      dots(
        [
          [170, 170],
          [230, 166],
        ],
        12,
        '#F29C9C',
      ) + leaves([[200, 160]]),
    ),
  'noodles-udon': () =>
    noodles(
      '#FFF6DF',
      '#C9853A',
      dots(
        [
          [170, 168],
          [232, 170],
        ],
        14,
        '#6B3A22',
      ),
    ),
  'noodles-laksa': () =>
    noodles(
      '#FFE9A8',
      '#F2772E',
      dots(
        [
          [170, 170],
          [236, 168],
        ],
        12,
        '#F29C9C',
      ) +
        leaves([
          [200, 162],
          [226, 150],
        ]),
    ),
  dumplings: () => dumplings(),
  'spring-rolls': () => springRolls(),
  'fried-rice': () => friedRice(),
} satisfies Record<string, () => string>;

export type ArtKind = keyof typeof DRAWINGS;
export const ART_KINDS = Object.keys(DRAWINGS) as ArtKind[];

/** A menu item's picture: the drawing on its vendor's background. */
export function itemArt(kind: ArtKind, palette: Palette): string {
  return svg(
    400,
    400,
    `<rect width="400" height="400" fill="${palette.background}"/>
     <circle cx="200" cy="212" r="176" fill="${palette.plate}"/>
     ${SHADOW}${DRAWINGS[kind]()}`,
  );
}

/** A vendor's logo: its signature drawing in a badge of its brand colour. */
export function logoArt(kind: ArtKind, palette: Palette): string {
  return svg(
    400,
    400,
    `<rect width="400" height="400" fill="${palette.background}"/>
     <circle cx="200" cy="200" r="184" fill="${palette.accent}"/>
     <circle cx="200" cy="200" r="164" fill="none" stroke="#FFFFFF" stroke-width="8" stroke-dasharray="2 14" stroke-linecap="round"/>
     <circle cx="200" cy="200" r="146" fill="${palette.plate}"/>
     <g transform="translate(44 36) scale(.78)">${DRAWINGS[kind]()}</g>`,
  );
}

/**
 * A plan of the stadium with a pin on the concourse where the vendor trades. `angle` is the pin's
 * position around the bowl in degrees (0 = east, 90 = south).
 */
export function locationArt(angle: number, accent: string): string {
  const cx = 300;
  const cy = 200;
  const rad = (angle * Math.PI) / 180;
  const px = Math.round(cx + Math.cos(rad) * 214);
  const py = Math.round(cy + Math.sin(rad) * 132);
  const gates = [0, 60, 120, 180, 240, 300]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      return `<rect x="${Math.round(cx + Math.cos(r) * 262) - 14}" y="${Math.round(cy + Math.sin(r) * 172) - 9}" width="28" height="18" rx="4" fill="#5B6770"/>`;
    })
    .join('');
  return svg(
    600,
    400,
    `<rect width="600" height="400" fill="#EAF0E6"/>
     <path d="M0 380 L600 330" stroke="#D5DCD0" stroke-width="26"/><path d="M40 0 L90 400" stroke="#D5DCD0" stroke-width="18"/>
     <ellipse cx="${cx}" cy="${cy}" rx="262" ry="172" fill="#C9CFD4"/>
     <ellipse cx="${cx}" cy="${cy}" rx="236" ry="150" fill="#F4F1EA"/>
     <ellipse cx="${cx}" cy="${cy}" rx="190" ry="112" fill="#9AA5AD"/>
     <ellipse cx="${cx}" cy="${cy}" rx="150" ry="82" fill="#5FAE5A"/>
     <ellipse cx="${cx}" cy="${cy}" rx="110" ry="56" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".8"/>
     <rect x="${cx - 10}" y="${cy - 26}" width="20" height="52" fill="#D9C9A0"/>
     ${gates}
     <ellipse cx="${px}" cy="${py + 30}" rx="16" ry="6" fill="#000" opacity=".2"/>
     <path d="M${px} ${py + 30} C${px - 10} ${py + 8} ${px - 26} ${py - 2} ${px - 26} ${py - 20} A26 26 0 1 1 ${px + 26} ${py - 20} C${px + 26} ${py - 2} ${px + 10} ${py + 8} ${px} ${py + 30} Z" fill="${accent}"/>
     <circle cx="${px}" cy="${py - 20}" r="10" fill="#FFFFFF"/>`,
  );
}
