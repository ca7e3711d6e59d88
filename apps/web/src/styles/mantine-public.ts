/**
 * Mantine styles for the shell and the public pages only, in the library's own order: the full stylesheet is
 * ~37 KB gzip of render-blocking CSS, this is a fraction. Other pages load the complete stylesheet with their code
 * (styles/mantine-all.ts), so nothing they use goes unstyled. Both are in the `mantine` cascade layer: our own
 * styles (global.css, CSS modules) always win over Mantine's, and within the layer the full set, loaded later,
 * keeps a component's rules after the UnstyledButton rules it builds on (menu items, tabs).
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
