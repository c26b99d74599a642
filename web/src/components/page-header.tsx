// A page's breadcrumbs, heading and action buttons.
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

type PageHeaderProps = {
  title: ReactNode;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
};

export function PageHeader({ title, breadcrumbs, actions }: PageHeaderProps) {
  return (
    <header>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb" mb="xs" fz="sm">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} fz="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} fz="sm" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </header>
  );
}
