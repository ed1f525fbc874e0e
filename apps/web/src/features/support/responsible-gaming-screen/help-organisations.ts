// Organisations in India that help people whose gambling worries them, free and in confidence. Names,
// numbers and addresses are the organisations' own and are not translated; what each offers is, under
// `responsibleGaming.organisations.<id>`. Checked November 2026. The issue asks for this list to become
// the operator's to configure (served by the server); until then it is kept here.

export type HelpOrganisation = {
  id: 'teleManas' | 'icall' | 'vandrevala' | 'gamblersAnonymous';
  name: string;
  /** Shown as written; dialled as `tel:` + the digits. */
  phone?: string;
  website: string;
};

export const HELP_ORGANISATIONS: readonly HelpOrganisation[] = [
  { id: 'teleManas', name: 'Tele-MANAS', phone: '14416', website: 'https://telemanas.mohfw.gov.in' },
  { id: 'icall', name: 'iCall', phone: '+91 91529 87821', website: 'https://icallhelpline.org' },
  { id: 'vandrevala', name: 'Vandrevala Foundation', phone: '+91 99996 66555', website: 'https://www.vandrevalafoundation.com' },
  { id: 'gamblersAnonymous', name: 'Gamblers Anonymous', website: 'https://www.gamblersanonymous.org' },
];

/** The `tel:` link of a number as written ("+91 91529 87821" → "tel:+919152987821"). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
