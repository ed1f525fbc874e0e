import type { EndpointDefinition } from './endpoints.ts';
import {
  ZAddComplaintRequest,
  ZComplaint,
  ZComplaintIdRequest,
  ZComplaintRecordsResponse,
  ZFindComplaintsRequest,
  ZFindComplaintsResponse,
  ZReplyComplaintRequest,
  ZUnreadComplaints,
} from './complaints.ts';
import { ZEmpty } from './users.ts';

// Complaints and their replies: the player API's endpoints of this domain (see endpoints.ts).
export const complaintEndpoints = {
  '/user/findComplaints': {
    isAuthRequired: true,
    request: ZFindComplaintsRequest,
    response: ZFindComplaintsResponse,
    summary:
      "The player's own complaints and suggestions, newest first, each with its thread, and how many have an unread answer",
    tag: 'complaints',
  },
  '/user/findComplaint': {
    isAuthRequired: true,
    request: ZComplaintIdRequest,
    response: ZComplaint,
    summary: "One of the player's own complaints with its thread; another player's id answers COMPLAINT_NOT_FOUND",
    tag: 'complaints',
  },
  '/user/addComplaints': {
    isAuthRequired: true,
    request: ZAddComplaintRequest,
    response: ZComplaint,
    summary: 'File a complaint or suggestion (type, text, optional own record, up to 3 screenshots as base64); one per minute',
    tag: 'complaints',
  },
  '/user/replyComplaint': {
    isAuthRequired: true,
    request: ZReplyComplaintRequest,
    response: ZComplaint,
    summary: "Add the player's reply to their own complaint; an answered or closed complaint opens again",
    tag: 'complaints',
  },
  '/user/readComplaint': {
    isAuthRequired: true,
    request: ZComplaintIdRequest,
    response: ZUnreadComplaints,
    summary: "Mark the operator's answers on one of the player's complaints as read; returns the unread count left",
    tag: 'complaints',
  },
  '/user/unreadComplaints': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZUnreadComplaints,
    summary: "How many of the player's complaints have an answer not yet read (the Mine badge)",
    tag: 'complaints',
  },
  '/user/findComplaintRecords': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZComplaintRecordsResponse,
    summary: "The player's recent recharges, withdrawals and bets a complaint may refer to, newest first",
    tag: 'complaints',
  },
} as const satisfies Record<string, EndpointDefinition>;
