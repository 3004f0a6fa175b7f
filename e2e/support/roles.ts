// The seeded workflows the role specs look at (supabase/seed.sql, "Fastighets AB Demo"): one an admin
// created, one a plain user created. Other specs may pause or start them, so a card's button is found
// by either name and only ever checked, never clicked.
import type { Locator, Page } from '@playwright/test';

export const ADMINS_WORKFLOW = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Hyresavier till hyresgäster' };
export const USERS_WORKFLOW = { id: 'b0000000-0000-4000-8000-000000000006', name: 'Inläsning av leverantörsfakturor' };

export const REASON = 'Bara den som skapade arbetsflödet, en superanvändare eller en administratör kan ändra det.';
export const READ_ONLY = 'Du kan se och testköra arbetsflödet, men inte ändra det.';

export function workflowCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The card's pause or start button, whichever the workflow's state shows. */
export function toggleButton(card: Locator, name: string): Locator {
  return card.getByRole('button', { name: new RegExp(`^(Pausa|Starta) ${name}$`) });
}
