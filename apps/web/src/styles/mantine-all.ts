/**
 * Every Mantine component's styles, in the `mantine` cascade layer like the public set (styles/mantine-public.ts),
 * so they never override our unlayered styles (global.css, CSS modules). Loaded with the code of the signed-in, auth
 * and pricing pages.
 */
import '@mantine/core/styles.layer.css';
