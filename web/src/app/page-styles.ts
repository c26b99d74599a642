// Mantine's styles for the components the sign-in page does not show, loaded with every other
// page (router.tsx) after styles.ts, whose building blocks they rely on: the sign-in page, the
// first one most visitors load, goes without them (docs/benchmarks.md, "Web assets"). In
// Mantine's order, as in styles.ts: building blocks (scroll areas, comboboxes), then components.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Typography.css';
