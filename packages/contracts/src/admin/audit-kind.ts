/**
 * How an admin endpoint is audited (one row of admin_audit_log per call):
 * - 'change': every call; the handler writes the row in the change's own transaction, so a change and
 *   its row commit together or not at all;
 * - 'read': every call (reads of a player's data, exports, sign-ins); the row is written before the
 *   answer is sent, and an answer whose row could not be written is not sent;
 * - 'refusals': only refused calls.
 */
export type AdminAudit = 'change' | 'read' | 'refusals';
