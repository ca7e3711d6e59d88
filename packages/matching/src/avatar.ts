/**
 * Generated avatars: abstract geometric art from a descriptor, never a photo or likeness of a real person
 * (domain notes, "Demo data"). The descriptor is stored; the SVG is rendered on demand.
 */
import type { AvatarDescriptor } from './types.ts';

const SHAPES: Record<AvatarDescriptor['shape'], string> = {
  circle: '<circle cx="48" cy="40" r="22"/>',
  hexagon: '<polygon points="48,14 70,27 70,53 48,66 26,53 26,27"/>',
  leaf: '<path d="M48 14c20 10 24 34 0 52c-24-18-20-42 0-52z"/>',
  wave: '<path d="M10 52c14-16 24-16 38 0s24 16 38 0v30H10z"/>',
};

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Renders a descriptor as an SVG data URL (96×96) usable directly as an <img> src. */
export function avatarSvg(avatar: AvatarDescriptor): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" ` +
    `aria-label="Illustrated avatar"><rect width="96" height="96" rx="16" fill="${escapeXml(avatar.background)}"/>` +
    `<g fill="${escapeXml(avatar.accent)}" opacity="0.85">${SHAPES[avatar.shape]}</g>` +
    `<text x="48" y="86" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#fff">` +
    `${escapeXml(avatar.initials)}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
