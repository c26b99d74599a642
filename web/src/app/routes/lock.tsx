// /lock: the static demo lock screen (docs/product.md, "The screens"). It locks nothing; Unlock
// leads to sign-in.
import { Avatar, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredCard } from '../../components/centered-card.tsx';
import { paths } from '../paths.ts';

export function LockPage() {
  return (
    <CenteredCard title="Screen locked">
      <Stack gap="md" align="stretch">
        <Stack gap={4} align="center">
          <Avatar size="lg" radius="xl" color="blue" alt="">
            R
          </Avatar>
          <Text c="dimmed" fz="sm">
            Enter your password to unlock the screen.
          </Text>
        </Stack>
        <PasswordInput label="Password" autoComplete="current-password" />
        <Button component={Link} to={paths.signIn.href()}>
          Unlock
        </Button>
      </Stack>
    </CenteredCard>
  );
}
