// /404
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths.ts';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py="xl">
      <Text fz={64} fw={700} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Anchor component={Link} to={paths.home.href()}>
        Go back home
      </Anchor>
    </Stack>
  );
}
