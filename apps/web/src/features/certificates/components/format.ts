/** '2026-03-04T10:00:00Z' → '4 March 2026'. */
export const formatIssued = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
