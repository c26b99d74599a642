// The help text: why the product exists, how relations and confirmations work, a tour of
// the screens, and the FAQ. The page scrolls to the section its path names.
import { useEffect } from 'react';
import { Anchor, List, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { findHelpSectionId, helpSections } from '../help-sections.ts';
import { HelpFaq } from './help-faq.tsx';

const relationTypes = [
  ['Ph.D. advisor/advisee', 'you advised the other person’s doctorate, or they advised yours.'],
  ['Collaboration', 'a joint project or a joint grant application.'],
  ['Co-authored publication', 'a paper you wrote together; DBLP papers arrive on their own.'],
  ['Employment', 'a supervisor or a colleague at the same employer.'],
  ['Personal relationship', 'family, partner or close friend; a comment is required.'],
  ['Joint award', 'an award you received together (Award name, Co-awardees).'],
  ['Joint grant or fellowship', 'a grant or fellowship held together.'],
  [
    'Pending employment or graduate-school application',
    'you have applied to, or are negotiating with, an institution.',
  ],
] as const;

// Keeps a section's heading clear of the fixed header when the page scrolls to it.
const sectionStyle = { scrollMarginTop: 76, marginBottom: 'var(--mantine-spacing-xl)' };

export function HelpContent({ pathname }: { pathname: string }) {
  const sectionId = findHelpSectionId(pathname);

  useEffect(() => {
    // After the layout has scrolled to the top for the route change.
    const timer = setTimeout(() => {
      if (sectionId === helpSections[0].id) return;
      document.getElementById(sectionId)?.scrollIntoView({ block: 'start' });
    }, 0);
    return () => clearTimeout(timer);
  }, [sectionId]);

  return (
    <Stack gap="xl">
      <nav aria-label="Help sections">
        <List listStyleType="none" display="flex" style={{ gap: 'var(--mantine-spacing-md)' }}>
          {helpSections.map((section) => (
            <List.Item key={section.id}>
              <Anchor component={Link} to={section.path}>
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      <Typography>
        <section id="why-recuse" aria-labelledby="why-recuse-title" style={sectionStyle}>
          <Title order={2} id="why-recuse-title">
            Why Recuse
          </Title>
          <p>
            Conference reviewing works only when nobody reviews a paper by a co-author, a former
            advisor, a colleague or a friend. Today authors declare such conflicts by hand in every
            submission system, again for each paper, and program-committee chairs cannot check
            thousands of declarations. Conflicts get missed, and now and then they are gamed.
          </p>
          <p>
            Recuse keeps one shared, lasting record of who is connected to whom. You record a
            relation once; the other people named on it confirm it; co-authorship from DBLP comes in
            by itself. Every conference then turns this record into conflict lists under its own
            rules, and each conflict says why it is there.
          </p>
        </section>

        <section id="overview" aria-labelledby="overview-title" style={sectionStyle}>
          <Title order={2} id="overview-title">
            Overview
          </Title>
          <Title order={3}>Relations</Title>
          <p>
            A relation is a link between you and another researcher (or an institution) that could
            bias a review. Each relation has a type, dates, and the people it names. There are eight
            types:
          </p>
          <ol>
            {relationTypes.map(([name, description]) => (
              <li key={name}>
                <strong>{name}</strong>: {description}
              </li>
            ))}
          </ol>
          <p>
            Your institutional affiliations, kept in your profile, add conflicts with people at the
            same institution. List the affiliations of the past 5 years.
          </p>
          <Title order={3}>Confirmation</Title>
          <p>
            When you add a relation, every person named on it is notified. Each of them can
            <strong> accept</strong> it, <strong>reject</strong> it with a reason, or{' '}
            <strong>ask for a change</strong> by leaving a comment; you can then modify it with a
            comment that says what changed. Someone who rejected a relation can accept it later. A
            relation is pending until the others respond, validated once accepted, and disputed when
            rejected. Pending and disputed relations still count as provisional conflicts and are
            marked as such: a conflict is better declared twice than missed.
          </p>
          <Title order={3}>DBLP</Title>
          <p>
            If you give your DBLP URL, your co-authored publications are imported from DBLP
            automatically and refreshed regularly. Imported relations are public record and cannot
            be edited; if one is wrong, contact the admin from the relation’s page.
          </p>
          <Title order={3}>Conflicts and rules</Title>
          <p>
            Each conference decides which relations make a conflict and for how long. A typical
            guideline counts a co-author as a conflict for 4 years after the joint publication, and
            an advisor or a personal relationship forever. The program-committee chair can see the
            log of a relation and validate or delete it.
          </p>
        </section>

        <section id="interface" aria-labelledby="interface-title" style={sectionStyle}>
          <Title order={2} id="interface-title">
            User Interface
          </Title>
          <ul>
            <li>
              <strong>Home</strong>: your notifications. Each request has a View button that opens
              the relation, where you accept, reject or comment, and a Dismiss button.
            </li>
            <li>
              <strong>List relations</strong>: all your relations, by person name or by type, with
              their status. List Pending relations shows the ones still awaiting an answer.
            </li>
            <li>
              <strong>Add relation</strong>: choose the type, then the person, title, dates and
              co-authors the type asks for. Everyone named is notified.
            </li>
            <li>
              <strong>View conflicts</strong>: choose a conference and its rules, then Generate
              conflict list to see the people and institutions you conflict with, and why.
            </li>
            <li>
              <strong>My Profile</strong> (user menu): your names, e-mail addresses, DBLP URL and
              institutional affiliations. An institution missing from the list can be typed in; it
              is sent to the administrators for approval.
            </li>
            <li>
              <strong>Password Reset</strong> (user menu) changes your password;{' '}
              <strong>Contact us</strong> (footer) writes to the administrators.
            </li>
          </ul>
        </section>

        <section id="faq" aria-labelledby="faq-title" style={sectionStyle}>
          <Title order={2} id="faq-title">
            FAQ
          </Title>
          <HelpFaq />
        </section>
      </Typography>
      <Text fz="sm" c="dimmed">
        Still stuck? Once signed in, use Contact us at the bottom of any page.
      </Text>
    </Stack>
  );
}
