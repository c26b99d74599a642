// Frequently asked questions, shown as an accordion in the help page's FAQ section.
import { Accordion } from '@mantine/core';

const questions = [
  {
    question: 'Missing publications?',
    answer:
      'Publications come from DBLP. Check that your profile has your DBLP URL (for example https://dblp.org/pid/123/4567); new DBLP entries are imported when your record is next refreshed. A paper that is not in DBLP can be added by hand as a Co-authored publication relation.',
  },
  {
    question: 'I do not have a DBLP URL. Can I still use Recuse?',
    answer:
      'Yes. Tick "I do not have a DBLP URL" when you sign up and add your relations by hand. You can add a DBLP URL to your profile later; linking it copies your publications into your account.',
  },
  {
    question: 'An imported publication is wrong. How do I fix it?',
    answer:
      'Relations imported from DBLP cannot be modified by users. Open the relation and contact the admin, saying what is wrong; the admin can correct or remove it.',
  },
  {
    question: 'Someone recorded a relation with me that is not true.',
    answer:
      'Open it from your notifications and reject it with a reason, or leave a comment asking for a change. A disputed relation still counts as a provisional conflict until it is resolved, and the program-committee chair can see its log and validate or delete it.',
  },
  {
    question: 'How long does a relation make a conflict?',
    answer:
      'Each conference sets its own rules. A common guideline is 4 years after a joint publication; advisor and personal relationships usually count forever. The View conflicts page shows the rules of each conference and lets you choose which to apply.',
  },
  {
    question: 'My institution is not in the list.',
    answer:
      'Type its name in your profile (aliases separated by commas). It is sent to the administrators for approval; an employment relation with it becomes validated once it is approved.',
  },
  {
    question: 'Why record a job or graduate-school application?',
    answer:
      'While you are applying to an institution, or negotiating with it, its people should not review your work. Record it as a Pending employment or graduate-school application; under the default rules it counts for 6 months from the application date.',
  },
  {
    question: 'I forgot my password.',
    answer:
      'Use "Forgot password?" on the sign-in page; we mail you a link to set a new one. When you are signed in, Password Reset in the user menu changes it.',
  },
] as const;

export function HelpFaq() {
  return (
    <Accordion variant="separated" multiple defaultValue={['faq-0']} order={3}>
      {questions.map(({ question, answer }, index) => (
        <Accordion.Item key={question} value={`faq-${index}`}>
          <Accordion.Control>{question}</Accordion.Control>
          <Accordion.Panel>{answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
