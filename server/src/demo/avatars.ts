/**
 * Avatars for the demo's profiles, drawn by DiceBear (CC0 styles: notionists, lorelei, open peeps;
 * the README names each licence) into a portrait with a scene behind it, as SVG that sharp renders
 * when the photo pipeline stores it: no network, no stock photos. A profile's look (style, seed and
 * face options) stays the same on every photo; each photo has its own scene, framing and pose.
 */
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import * as openPeeps from '@dicebear/open-peeps';
import type { Random } from './random.js';

const WIDTH = 400;
const HEIGHT = 500;

const STYLES = ['lorelei', 'notionists', 'open-peeps'] as const;
type AvatarStyle = (typeof STYLES)[number];

const SKIN_TONES = ['f5d7c4', 'eec3a3', 'd9a47f', 'c58c63', 'a66d48', '87553a', '5f3a27'] as const;

/** The profile's hair colour (HAIR_COLOURS) as the avatar draws it; bald men keep a trace of grey. */
const HAIR_HEX: Record<string, string> = {
  black: '2a2220',
  brown: '6a4329',
  blonde: 'e0bb73',
  red: 'b4532f',
  grey: 'b9b5b0',
  bald: 'b9b5b0',
};

const SCENES = ['studio', 'sunset', 'park', 'city', 'bokeh', 'beach'] as const;
type Scene = (typeof SCENES)[number];

/** How much of the frame the person fills: a close portrait, head and shoulders, or more of the scene. */
const FRAMINGS = { close: 450, portrait: 400, wide: 340 } as const;
type Framing = keyof typeof FRAMINGS;

/** Who the avatars show; one look per profile, the same on each of its photos. */
export interface AvatarLook {
  style: AvatarStyle;
  /** DiceBear's seed: with the options below it decides the face, hair and clothes. */
  seed: string;
  gender: string;
  hairColour: string;
  skin: string;
  glasses: boolean;
}

/** One picture of a look: what changes from photo to photo. */
export interface AvatarPose {
  scene: Scene;
  hue: number;
  framing: Framing;
  flip: boolean;
  tilt: number;
  /** notionists: a hand in the picture (a wave, a point). */
  gesture: boolean;
}

export interface AvatarSpec extends AvatarLook, AvatarPose {}

/** A look for a profile; older people wear glasses more often (their grey hair comes with the profile). */
export function randomLook(random: Random, gender: string, hairColour: string, age = 30): AvatarLook {
  return {
    style: random.pick(STYLES),
    seed: random.int(1, 2_000_000_000).toString(36),
    gender,
    hairColour,
    skin: random.pick(SKIN_TONES),
    glasses: random.chance(age >= 45 ? 0.5 : 0.15),
  };
}

export function randomPose(random: Random): AvatarPose {
  return {
    scene: random.pick(SCENES),
    hue: random.int(0, 359),
    framing: random.pick(Object.keys(FRAMINGS) as Framing[]),
    flip: random.chance(0.5),
    tilt: random.int(-5, 5),
    gesture: random.chance(0.4),
  };
}

/** Expressions of open peeps that read as a friendly profile photo. */
const OPEN_PEEPS_FACES = ['calm', 'cute', 'smile', 'smileBig'] as const;
const OPEN_PEEPS_GLASSES = ['glasses', 'glasses2', 'glasses3', 'glasses4', 'glasses5'] as const;
/** Open peeps' heads by hair: grey hair and no hair are heads of their own there. */
const OPEN_PEEPS_HEADS = {
  grey: ['grayBun', 'grayMedium', 'grayShort'],
  bald: ['noHair1', 'noHair2', 'noHair3', 'shaved1'],
  other: ['afro', 'bangs', 'bun', 'bun2', 'long', 'longCurly', 'medium1', 'medium2', 'mediumStraight', 'pomp'],
  otherMen: ['flatTop', 'short1', 'short2', 'short3', 'short4', 'short5', 'twists', 'medium3'],
} as const;
const LORELEI_MOUTHS = [
  'happy01',
  'happy02',
  'happy03',
  'happy04',
  'happy05',
  'happy06',
  'happy07',
  'happy08',
] as const;

function openPeepsHeads(hairColour: string, man: boolean) {
  if (hairColour === 'grey' || hairColour === 'bald') return [...OPEN_PEEPS_HEADS[hairColour]];
  return man ? [...OPEN_PEEPS_HEADS.otherMen] : [...OPEN_PEEPS_HEADS.other];
}

/** The person, as DiceBear draws the look in the pose: an SVG of `size` pixels square, no background. */
function personSvg(spec: AvatarSpec, size: number): string {
  const man = spec.gender === 'male';
  const common = { seed: spec.seed, size, flip: spec.flip };
  const glasses = spec.glasses ? 100 : 0;
  const hair = HAIR_HEX[spec.hairColour] ?? (HAIR_HEX.brown as string);
  switch (spec.style) {
    case 'lorelei':
      return createAvatar(lorelei, {
        ...common,
        skinColor: [spec.skin],
        hairColor: [hair],
        mouth: [...LORELEI_MOUTHS],
        glassesProbability: glasses,
        beardProbability: man ? 40 : 0,
        earringsProbability: man ? 0 : 60,
        frecklesProbability: 15,
        hairAccessoriesProbability: man ? 0 : 15,
      }).toString();
    case 'notionists':
      return createAvatar(notionists, {
        ...common,
        glassesProbability: glasses,
        beardProbability: man ? 45 : 0,
        gestureProbability: spec.gesture ? 100 : 0,
        bodyIconProbability: 0,
      }).toString();
    case 'open-peeps':
      return createAvatar(openPeeps, {
        ...common,
        skinColor: [spec.skin],
        headContrastColor: [hair],
        head: openPeepsHeads(spec.hairColour, man),
        face: [...OPEN_PEEPS_FACES],
        facialHairProbability: man ? 45 : 0,
        maskProbability: 0,
        accessories: [...OPEN_PEEPS_GLASSES],
        accessoriesProbability: glasses,
      }).toString();
  }
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${((hue % 360) + 360) % 360} ${saturation}% ${lightness}%)`;

/** A vertical gradient, defined once per picture as #sky. */
const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;

/** Soft round lights, placed by the hue so each picture has its own. */
function lights(hue: number, count: number, colour: string): string {
  return Array.from({ length: count }, (_, i) => {
    const x = (hue * 7 + i * 97) % WIDTH;
    const y = (hue * 3 + i * 61) % (HEIGHT * 0.6);
    return `<circle cx="${x}" cy="${y}" r="${18 + ((hue + i * 13) % 30)}" fill="${colour}" opacity="0.35"/>`;
  }).join('');
}

/** The scene behind the person: a studio backdrop or a place outdoors, coloured by the hue. */
function sceneSvg(scene: Scene, hue: number): string {
  switch (scene) {
    case 'studio':
      return `${sky(hsl(hue, 55, 88), hsl(hue + 35, 45, 70))}<ellipse cx="140" cy="120" rx="220" ry="180" fill="#fff" opacity="0.3"/>`;
    case 'sunset':
      return `${sky(hsl(20 + (hue % 30), 85, 72), hsl(330 + (hue % 30), 55, 62))}<circle cx="${90 + (hue % 220)}" cy="250" r="56" fill="#ffe2a8" opacity="0.9"/><rect y="300" width="${WIDTH}" height="200" fill="${hsl(220, 45, 42)}"/>`;
    case 'park':
      return `${sky(hsl(200, 70, 82), hsl(190, 60, 90))}<ellipse cx="60" cy="420" rx="260" ry="150" fill="${hsl(100 + (hue % 40), 38, 52)}"/><ellipse cx="360" cy="440" rx="240" ry="140" fill="${hsl(120 + (hue % 30), 35, 42)}"/><circle cx="330" cy="230" r="60" fill="${hsl(110, 35, 38)}"/>`;
    case 'city': {
      const towers = [0, 60, 115, 185, 250, 320]
        .map(
          (x, i) =>
            `<rect x="${x}" y="${170 + ((hue + i * 47) % 120)}" width="58" height="400" fill="${hsl(230, 25, 28 + i * 3)}"/>`,
        )
        .join('');
      return `${sky(hsl(260 + (hue % 40), 45, 55), hsl(20 + (hue % 20), 70, 72))}${towers}${lights(hue, 6, '#ffd98a')}`;
    }
    case 'bokeh':
      return `${sky(hsl(hue, 35, 30), hsl(hue + 50, 40, 45))}${lights(hue, 9, hsl(hue + 60, 80, 80))}`;
    case 'beach':
      return `${sky(hsl(195, 75, 78), hsl(185, 60, 88))}<rect y="300" width="${WIDTH}" height="90" fill="${hsl(190 + (hue % 20), 65, 50)}"/><rect y="380" width="${WIDTH}" height="120" fill="${hsl(40, 55, 80)}"/>`;
  }
}

/** The SVG of one avatar: the scene, and the person standing in it at the pose's framing and tilt. */
function avatarSvg(spec: AvatarSpec): string {
  const size = FRAMINGS[spec.framing];
  const x = (WIDTH - size) / 2;
  const y = HEIGHT - size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${sceneSvg(spec.scene, spec.hue)}<g transform="rotate(${spec.tilt} ${WIDTH / 2} ${HEIGHT}) translate(${x} ${y})">${personSvg(spec, size)}</g></svg>`;
}

/**
 * An avatar as an image file for the photo pipeline: sharp renders SVG input, so it is turned
 * into WebP (full size and thumbnail) like any upload, without an intermediate encode.
 */
export function avatarImage(spec: AvatarSpec): Buffer {
  return Buffer.from(avatarSvg(spec));
}
