// The agent programme counts in Asia/Kolkata calendar days (`YYYY-MM-DD`); the rules live in
// packages/contracts (agent-periods.ts), which the browser reads too.
export { DAY_MS, kolkataDay, kolkataDayStartMs, shiftDay as addDays } from '@mayur/contracts';
