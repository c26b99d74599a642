import { describe, expect, it } from 'vitest';
import { findHelpSectionId } from './help-sections.ts';

describe('findHelpSectionId', () => {
  it.each([
    ['/help', 'why-recuse'],
    ['/help/', 'why-recuse'],
    ['/help/overview', 'overview'],
    ['/help/interface', 'interface'],
    ['/help/faq', 'faq'],
    ['/help/faq/', 'faq'],
    ['/help/unknown', 'why-recuse'],
  ])('opens %s at the %s section', (pathname, sectionId) => {
    expect(findHelpSectionId(pathname)).toBe(sectionId);
  });
});
