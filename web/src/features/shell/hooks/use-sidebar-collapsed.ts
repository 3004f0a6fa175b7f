// Whether the desktop sidebar shows icons only; remembered between visits.
import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'kollega.sidebar.collapsed';

export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(() => readStorage(SIDEBAR_COLLAPSED_STORAGE_KEY) === 'true');
  useEffect(() => writeStorage(SIDEBAR_COLLAPSED_STORAGE_KEY, String(collapsed)), [collapsed]);
  const toggle = useCallback(() => setCollapsed((value) => !value), []);
  return { collapsed, toggle };
}
