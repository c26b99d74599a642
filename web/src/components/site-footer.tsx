// The footer: contact and help links, and the credit line.
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export type FooterLink = { label: string; to: string };

export function SiteFooter({ links }: { links: FooterLink[] }) {
  return (
    <Container size="lg" py="md" mt="xl" component="footer">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" c="dimmed">
          Supported by{' '}
          <Anchor
            href="https://www.sigarch.org/"
            target="_blank"
            rel="noreferrer"
            fz="sm"
            underline="always"
          >
            ACM SIGARCH
          </Anchor>
          , the ACM Special Interest Group on Computer Architecture.
        </Text>
        <Group gap="md" component="nav" aria-label="Footer">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Group>
    </Container>
  );
}
