// The help page's sections and the paths that open each one (docs/product.md, "The screens": /help,
// /help/overview, /help/interface, /help/faq scroll to their section).
import { paths } from '../../app/paths.ts';

export const helpSections = [
  { id: 'why-recuse', title: 'Why Recuse', path: paths.help.href() },
  { id: 'overview', title: 'Overview', path: paths.help.href('overview') },
  { id: 'interface', title: 'User Interface', path: paths.help.href('interface') },
  { id: 'faq', title: 'FAQ', path: paths.help.href('faq') },
] as const;

export type HelpSectionId = (typeof helpSections)[number]['id'];

/** The section a help path names; the first section for /help and for paths it does not know. */
export function findHelpSectionId(pathname: string): HelpSectionId {
  const normalized = pathname.replace(/\/+$/, '');
  const section = helpSections.find((candidate) => candidate.path === normalized);
  return section?.id ?? 'why-recuse';
}
