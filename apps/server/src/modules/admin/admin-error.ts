// The back office's refusal lives with the platform's HTTP errors (platform/http/admin-error.ts), so
// that modules the back office calls (approvals, gifts, payments) can refuse with it without importing
// the back office.
export { AdminError } from '../../platform/http/admin-error.ts';
