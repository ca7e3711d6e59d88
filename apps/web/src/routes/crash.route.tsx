/**
 * Development and end-to-end test aid: rendering this route throws, so the 'Something went wrong' screen can be
 * seen and tested in a real browser without breaking any real page.
 */
export function CrashPage(): never {
  throw new Error('Intentional crash from /__crash (test aid)');
}
