// Who may do what in the app: the signed-in person (provided by the signed-in layout) against the permission
// table the server's checks share (supabase/functions/_shared/permissions.ts). Screens hide or disable what
// is refused and show `reason`, so nobody does the work first and is refused after.
import { type Action, type Actor, denialReason, type Owned } from '@shared/permissions';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

const ActorContext = createContext<Actor | null>(null);

export function PermissionsProvider({ actor, children }: { actor: Actor; children: ReactNode }) {
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

/** The signed-in person (null outside a PermissionsProvider), for checks over a list (`can` of the table). */
export function useActor(): Actor | null {
  return useContext(ActorContext);
}

/** Whether the signed-in person may; when not, why (in the interface language). */
export type Permission = { allowed: true; reason?: undefined } | { allowed: false; reason: string };

/**
 * May the signed-in person take `action` (on `resource`, where its creator may too)? Outside a
 * PermissionsProvider nobody is signed in, and nothing is allowed.
 */
export function useCan(action: Action, resource?: Owned): Permission {
  const actor = useActor();
  const { t } = useTranslation('common');
  const reason = denialReason(actor, action, resource);
  return reason === null ? { allowed: true } : { allowed: false, reason: t(`permissions.denied.${reason}`) };
}
