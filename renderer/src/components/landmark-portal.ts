/**
 * Where a picker's list is put in the page. React Aria portals a popover to
 * the end of <body>, outside every landmark, where a screen reader's landmark
 * navigation never finds it (axe-core's "region" rule). The list goes into the
 * main landmark that holds the picker instead: the same region as the field it
 * belongs to, read in the same place.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useLandmarkPortal(inside: RefObject<Element | null>): Element | undefined {
  const [container, setContainer] = useState<Element | undefined>(undefined);
  useEffect(() => {
    setContainer(inside.current?.closest('main, [role="main"]') ?? undefined);
  }, [inside]);
  return container;
}
