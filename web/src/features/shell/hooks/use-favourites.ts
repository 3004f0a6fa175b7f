// Favourite pages (SPEC §2): initially /, /workflows and /track-trace; kept in localStorage and
// shared by every sidebar on the page (desktop and drawer).
import { useCallback, useSyncExternalStore } from 'react';
import { readJson, writeJson } from '@/lib/storage';
import { navItems, type NavPath } from '../nav-items';

export const FAVOURITES_STORAGE_KEY = 'kollega.favourites';
export const DEFAULT_FAVOURITES: NavPath[] = ['/', '/workflows', '/track-trace'];

const knownPaths = new Set<string>(navItems.map((item) => item.to));

function isFavouriteList(value: unknown): value is NavPath[] {
  return Array.isArray(value) && value.every((path) => typeof path === 'string' && knownPaths.has(path));
}

let favourites: NavPath[] | null = null;
const listeners = new Set<() => void>();

function snapshot(): NavPath[] {
  favourites ??= readJson(FAVOURITES_STORAGE_KEY, isFavouriteList) ?? DEFAULT_FAVOURITES;
  return favourites;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setFavourites(next: NavPath[]): void {
  favourites = next;
  writeJson(FAVOURITES_STORAGE_KEY, next);
  listeners.forEach((listener) => listener());
}

/** Forgets the in-memory copy so the next read comes from storage (tests). */
export function resetFavouritesCache(): void {
  favourites = null;
}

export function useFavourites() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  const toggle = useCallback((path: NavPath) => {
    const current = snapshot();
    setFavourites(current.includes(path) ? current.filter((p) => p !== path) : [...current, path]);
  }, []);
  return { favourites: list, isFavourite: (path: NavPath) => list.includes(path), toggle };
}
