// The narrow card that holds the sign-in, sign-up and password forms.
import type { ReactNode } from 'react';
import { Container, Paper, Title } from '@mantine/core';

type CenteredCardProps = { title: ReactNode; children: ReactNode; width?: number };

export function CenteredCard({ title, children, width = 440 }: CenteredCardProps) {
  return (
    <Container size={width} px={0} py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Title order={1} fz="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
