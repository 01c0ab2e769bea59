/**
 * Generated avatars for hosted (fictional) profiles: a stylised head-and-shoulders portrait on a
 * soft gradient, drawn as SVG and rendered by sharp when the photo pipeline stores it, so the
 * demo needs no network and no stock photos. The same look (skin, hair, face) with another
 * background, top and pose makes a profile's further photos.
 */
import type { Random } from './random.js';

const AVATAR_WIDTH = 400;
const AVATAR_HEIGHT = 500;

const SKIN_TONES = ['#f7dcc8', '#eec3a3', '#dfa983', '#c98b64', '#a96d4a', '#8a5337', '#673c25'] as const;

const HAIR_FILL: Record<string, string> = {
  black: '#221b18',
  brown: '#5b3a26',
  blonde: '#d9b46c',
  red: '#a4452a',
  grey: '#a9a6a3',
  bald: '#8c8c8c',
};

const TOPS = [
  '#2f5d8a',
  '#8a2f4f',
  '#3f7a5a',
  '#c2703d',
  '#5b4b8a',
  '#2b2b36',
  '#b8404a',
  '#d9a441',
  '#4a8fa8',
  '#e7e2d8',
];

type HairStyle = 'long' | 'bob' | 'bun' | 'curly' | 'short' | 'side' | 'buzz' | 'none';

/** Who the avatars show; one look per profile. */
export interface AvatarLook {
  gender: string;
  skin: string;
  hairColour: string;
  hairStyle: HairStyle;
  beard: boolean;
  glasses: boolean;
}

/** One picture of a look: what changes from photo to photo. */
export interface AvatarPose {
  hue: number;
  top: string;
  tilt: number;
  smile: number;
}

export interface AvatarSpec extends AvatarLook, AvatarPose {}

const FEMALE_STYLES: HairStyle[] = ['long', 'long', 'bob', 'bun', 'curly'];
const MALE_STYLES: HairStyle[] = ['short', 'side', 'buzz', 'curly'];

export function randomLook(random: Random, gender: string, hairColour: string): AvatarLook {
  const female = gender === 'female';
  const hairStyle: HairStyle = hairColour === 'bald' ? 'none' : random.pick(female ? FEMALE_STYLES : MALE_STYLES);
  return {
    gender,
    skin: random.pick(SKIN_TONES),
    hairColour,
    hairStyle,
    beard: !female && random.chance(0.35),
    glasses: random.chance(0.2),
  };
}

export function randomPose(random: Random): AvatarPose {
  return {
    hue: random.int(0, 359),
    top: random.pick(TOPS),
    tilt: random.int(-6, 6),
    smile: random.int(4, 14),
  };
}

/** #rrggbb darkened (negative) or lightened (positive) by `amount` (-1…1). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Hair drawn behind the head (long styles fall onto the shoulders). */
function hairBack(style: HairStyle, fill: string): string {
  switch (style) {
    case 'long':
      return `<path d="M150 270 C140 150 340 150 330 270 L350 470 C300 500 180 500 130 470 Z" fill="${fill}"/>`;
    case 'curly':
      return [
        [170, 220, 58],
        [310, 220, 58],
        [160, 300, 52],
        [320, 300, 52],
        [175, 370, 44],
        [305, 370, 44],
        [240, 175, 70],
      ]
        .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`)
        .join('');
    case 'bob':
      return `<path d="M152 280 C140 150 340 150 328 280 L332 345 C300 362 180 362 148 345 Z" fill="${fill}"/>`;
    case 'bun':
      return `<circle cx="240" cy="150" r="42" fill="${fill}"/>`;
    default:
      return '';
  }
}

/** Hair drawn over the top of the head: a cap from temple to temple above a hairline. */
function hairFront(style: HairStyle, fill: string): string {
  const cap = (hairline: string, top = 118) =>
    `<path d="M158 258 C150 ${top} 330 ${top} 322 258 ${hairline} Z" fill="${fill}"/>`;
  switch (style) {
    case 'long':
    case 'bob':
    case 'bun':
      return cap('C298 212 246 198 200 222 C184 230 170 242 158 258');
    case 'curly':
      return cap('C304 208 176 208 158 258', 108);
    case 'short':
      return cap('C308 222 268 204 240 204 C212 204 172 222 158 258', 128);
    case 'side':
      return cap('C304 214 266 200 214 214 C194 222 172 236 158 258', 124);
    case 'buzz':
      return `<path d="M162 236 C158 140 322 140 318 236 C298 208 182 208 162 236 Z" fill="${fill}" opacity="0.85"/>`;
    default:
      return '';
  }
}

/** The SVG of one avatar. */
function avatarSvg(spec: AvatarSpec): string {
  const skin = spec.skin;
  const skinShadow = shade(skin, -0.15);
  const hair = HAIR_FILL[spec.hairColour] ?? HAIR_FILL.brown;
  const feature = shade(skin, -0.6);
  const bgFrom = `hsl(${spec.hue} 70% 86%)`;
  const bgTo = `hsl(${(spec.hue + 40) % 360} 60% 72%)`;
  const top = spec.top;
  const female = spec.gender === 'female';
  const shoulders = female
    ? 'M70 720 L78 600 C82 500 150 452 240 452 C330 452 398 500 402 600 L410 720 Z'
    : 'M44 720 L52 600 C58 490 140 440 240 440 C340 440 422 490 428 600 L436 720 Z';
  const neckline = female ? 454 : 442;
  const beard = spec.beard
    ? `<path d="M172 280 C176 360 208 380 240 380 C272 380 304 360 308 280 C296 330 270 340 240 340 C210 340 184 330 172 280 Z" fill="${hair}" opacity="0.9"/>`
    : '';
  const glasses = spec.glasses
    ? `<g fill="none" stroke="${shade(top, -0.5)}" stroke-width="5"><circle cx="210" cy="262" r="20"/><circle cx="270" cy="262" r="20"/><path d="M230 262 L250 262"/></g>`
    : '';
  const lips = female ? shade('#c85a6a', 0) : feature;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_WIDTH}" height="${AVATAR_HEIGHT}" viewBox="0 0 480 600">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgFrom}"/><stop offset="1" stop-color="${bgTo}"/></linearGradient>
<radialGradient id="glow" cx="0.3" cy="0.25" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(top, 0.12)}"/><stop offset="1" stop-color="${shade(top, -0.2)}"/></linearGradient>
</defs>
<rect width="480" height="600" fill="url(#bg)"/>
<rect width="480" height="600" fill="url(#glow)"/>
<g transform="translate(0 -62) rotate(${spec.tilt} 240 420)">
${hairBack(spec.hairStyle, hair)}
<path d="M212 330 L268 330 L274 450 L206 450 Z" fill="${skinShadow}"/>
<path d="${shoulders}" fill="url(#top)"/>
<path d="M208 ${neckline} Q240 ${neckline + 44} 272 ${neckline} Z" fill="${skinShadow}"/>
<ellipse cx="162" cy="272" rx="14" ry="22" fill="${skinShadow}"/>
<ellipse cx="318" cy="272" rx="14" ry="22" fill="${skinShadow}"/>
<ellipse cx="240" cy="265" rx="78" ry="98" fill="${skin}"/>
${beard}
<ellipse cx="210" cy="262" rx="7" ry="8" fill="${feature}"/>
<ellipse cx="270" cy="262" rx="7" ry="8" fill="${feature}"/>
<path d="M200 240 Q210 232 222 238 M258 238 Q270 232 280 240" fill="none" stroke="${shade(hair, -0.1)}" stroke-width="4" stroke-linecap="round"/>
<path d="M240 272 Q234 298 242 302" fill="none" stroke="${skinShadow}" stroke-width="4" stroke-linecap="round"/>
<path d="M218 322 Q240 ${322 + spec.smile} 262 322" fill="none" stroke="${lips}" stroke-width="5" stroke-linecap="round"/>
<ellipse cx="198" cy="298" rx="14" ry="8" fill="#e8868a" opacity="0.18"/>
<ellipse cx="282" cy="298" rx="14" ry="8" fill="#e8868a" opacity="0.18"/>
${glasses}
${hairFront(spec.hairStyle, hair)}
</g>
</svg>`;
}

/**
 * An avatar as an image file for the photo pipeline: sharp renders SVG input, so it is turned
 * into WebP (full size and thumbnail) like any upload, without an intermediate encode.
 */
export function avatarImage(spec: AvatarSpec): Buffer {
  return Buffer.from(avatarSvg(spec));
}
