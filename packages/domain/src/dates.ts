const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A moment as people in India read it, `22 Nov 2026, 2:35 pm IST` (order e-mails and pages). */
export function formatIndiaDateTime(moment: Date | string): string {
  return `${indiaDateTime.format(typeof moment === 'string' ? new Date(moment) : moment)} IST`;
}
