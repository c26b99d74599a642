// Paper titles as DBLP writes them: a closing period, `&amp;` and Latin-1 entities, title
// markup (`<i>`, `<sub>`, `<sup>`, nested as in `2<sup><i>k</i></sup>`) and numeric
// references beyond Latin-1 (`&#945;`, `&#8211;`), each in a small share of titles.
import type { Random } from './random.ts';
import { titleWords } from './vocabulary.ts';

const { adjectives, topics, approaches, domains, german } = titleWords;

/** Phrases with markup or references; `$` is replaced by a topic. */
const decorated = [
  'On the <i>k</i>-Center Problem in $',
  'An O(<i>n</i> log <i>n</i>) Algorithm for $',
  'Learning with 2<sup><i>k</i></sup> Experts: $',
  'Reducing CO<sub>2</sub> Emissions of $',
  'H<sub>&#8734;</sub> Control for $',
  '&#945;-Approximations for $',
  '&#8467;<sub>1</sub>-Regularised $',
  '$ &#8211; Theory and Practice',
  '$: Theory &amp; Practice',
  'R&amp;D on $',
  'The <tt>Select</tt> Operator in $',
  'Fast <i>L</i><sup>2</sup> Estimation for $',
  '$ with &#8804; <i>k</i> Rounds',
  'A na&iuml;ve Baseline for $',
  'Caf&eacute;: $ Made Simple',
];

/** A new title; the caller adds nothing, the closing period is here. */
export function createTitle(random: Random): string {
  const roll = random.float();
  if (roll < 0.006) return `${random.pick(german)}.`;
  if (roll < 0.05) return `${random.pick(decorated).replace('$', random.pick(topics))}.`;
  const topic = random.pick(topics);
  switch (random.below(7)) {
    case 0:
      return `${random.pick(adjectives)} ${topic} for ${random.pick(domains)}.`;
    case 1:
      return `On the ${random.pick(adjectives)} ${random.pick(approaches)} of ${topic}.`;
    case 2: {
      const adjective = random.pick(adjectives);
      const approach = random.pick(approaches);
      return `${topic}: A ${adjective} ${approach} for ${random.pick(topics)}.`;
    }
    case 3:
      return `Towards ${random.pick(adjectives)} ${topic} in ${random.pick(domains)}.`;
    case 4:
      return `${random.pick(adjectives)} ${topic} and ${random.pick(topics)}.`;
    case 5:
      return `Is ${topic} ${random.pick(adjectives)}?`;
    default: {
      const adjective = random.pick(adjectives);
      const approach = random.pick(approaches);
      return `${adjective} ${approach} for ${random.pick(adjectives)} ${topic}.`;
    }
  }
}

/** A title for a record without authors: an editorial, front matter, a preface. */
export function createFrontMatterTitle(random: Random): string {
  return random.pick(['Editorial.', 'Front Matter.', 'Preface.', "Editor's Note.", 'In Memoriam.']);
}
