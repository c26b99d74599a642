// DBLP profile URLs as people paste them (docs/dblp.md, "Identity: the pid"): any of DBLP's hosts,
// with or without scheme and suffix, normalise to https://dblp.org/pid/<pid>; anything else is
// refused.
import { describe, expect, it } from 'vitest';
import { findDblpPid, normalizeDblpUrl } from './dblp-url.ts';

describe('DBLP person URLs', () => {
  it.each([
    ['the canonical dblp.org URL', 'https://dblp.org/pid/95/7448', '95/7448'],
    ['a homonym pid', 'https://dblp.org/pid/95/7448-1', '95/7448-1'],
    ['a homonym pid with a two-digit number', 'https://dblp.org/pid/61/3234-34', '61/3234-34'],
    ['a pid with leading zeros', 'https://dblp.org/pid/308/0845', '308/0845'],
    ['a legacy name pid', 'https://dblp.org/pid/m/AndrewMcCallum', 'm/AndrewMcCallum'],
    ['a legacy name pid with a digit', 'https://dblp.org/pid/l/GuoqiangLi7.html', 'l/GuoqiangLi7'],
    ['the .html page', 'https://dblp.org/pid/95/7448-1.html', '95/7448-1'],
    ['the .xml record', 'https://dblp.org/pid/95/7448-1.xml', '95/7448-1'],
    ['the Trier mirror', 'https://dblp.uni-trier.de/pid/95/7448-1.html', '95/7448-1'],
    ['the Dagstuhl mirror', 'https://dblp.dagstuhl.de/pid/17/8399.xml', '17/8399'],
    ['http instead of https', 'http://dblp.org/pid/308/0845', '308/0845'],
    ['no scheme', 'dblp.org/pid/m/AndrewMcCallum', 'm/AndrewMcCallum'],
    ['a www host', 'https://www.dblp.org/pid/95/7448', '95/7448'],
    ['an upper-case scheme and host', 'HTTPS://DBLP.ORG/pid/95/7448', '95/7448'],
    ['a trailing slash', 'https://dblp.org/pid/95/7448/', '95/7448'],
    ['a query string', 'https://dblp.org/pid/95/7448.html?view=by-year', '95/7448'],
    ['a fragment', 'https://dblp.org/pid/95/7448.html#journals', '95/7448'],
    ['blanks around the URL', '  https://dblp.org/pid/95/7448  ', '95/7448'],
  ])('accepts %s', (_case, url, pid) => {
    expect(findDblpPid(url)).toBe(pid);
    expect(normalizeDblpUrl(url)).toBe(`https://dblp.org/pid/${pid}`);
  });

  it.each([
    ['a conference page on dblp.org', 'https://dblp.org/db/conf/isca/isca2020.html'],
    ['a publication record on dblp.org', 'https://dblp.org/rec/conf/isca/Smith20.html'],
    ['a pid path on another host', 'https://example.com/pid/1/2'],
    ['a host that only starts like DBLP', 'https://dblp.org.example.com/pid/1/2'],
    ['DBLP named in the path of another host', 'https://example.com/dblp.org/pid/1/2'],
    ['an old name-based /pers/ URL', 'https://dblp.org/pers/hd/m/McCallum:Andrew'],
    ['an old /pers/ page', 'https://dblp.org/pers/k/Knuth:Donald_E=.html'],
    ['a search for a pid', 'https://dblp.org/search?q=pid/1/2'],
    ['a /pid/ path without a pid', 'https://dblp.org/pid/'],
    ['a pid without its second part', 'https://dblp.org/pid/95'],
    ['a pid climbing out of /pid/', 'https://dblp.org/pid/../95/7448'],
    ['a broken percent escape', 'https://dblp.org/pid/%E0%A4%A'],
    ['another scheme', 'ftp://dblp.org/pid/1/2'],
    ['a script URL', 'javascript:alert(1)'],
    ['plain words', 'my dblp page'],
    ['an empty text', ''],
  ])('refuses %s', (_case, url) => {
    expect(findDblpPid(url)).toBeUndefined();
    expect(normalizeDblpUrl(url)).toBeUndefined();
  });
});
