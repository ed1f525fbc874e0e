/** Times as operators read them in tables: day, month, year, hours and minutes in the browser's zone. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Money arrives as the API's two-decimal rupee text; only the sign is added here. */
export function formatRupees(amount: string): string {
  return `₹${amount}`;
}
