/**
 * Every Mantine component's styles, in a cascade layer so they never override the unlayered styles loaded first
 * (global.css, the public set, CSS modules). Loaded with the code of the signed-in, auth and pricing pages.
 */
import '@mantine/core/styles.layer.css';
