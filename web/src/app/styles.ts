// Mantine's styles for the components the app uses, not all of Mantine's (docs/architecture.md,
// "Build and start"). The order matters: the global styles, then the building blocks other
// components are made of (buttons, inputs, popovers, overlays), then the components. These are
// the styles of the frame and the sign-in page, in the entry; the components only other pages
// use have theirs in page-styles.ts, which every other page loads (router.tsx) after these.
// A component newly used from @mantine/core needs its line in one of the two; the date
// pickers' styles are imported by the two modules that use them, so only their pages load them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import './required-fields.css';
