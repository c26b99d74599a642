// How pages write a moment: day, month and year, and the time ('25 Nov 2026, 19:05').
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
