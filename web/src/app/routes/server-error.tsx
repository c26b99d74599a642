// /500, and what the router shows when a page fails to render.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { messages } from '@recuse/common';
import { paths } from '../paths.ts';

export function ServerErrorPage() {
  return (
    <Stack align="center" gap="md" py="xl">
      <Text fz={64} fw={700} c="dimmed" aria-hidden>
        500
      </Text>
      <Title order={1}>{messages.serverError}</Title>
      <Text>Please try again in a moment.</Text>
      {/* A full page load, so the app starts afresh after a render failure. */}
      <Anchor href={paths.home.href()}>Go back home</Anchor>
    </Stack>
  );
}
