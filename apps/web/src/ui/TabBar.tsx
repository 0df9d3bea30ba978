import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { Icon } from './plain/icons';

export interface TabBarItem<V extends string> {
  value: V;
  label: ReactNode;
  /** A link tab (the top bar's): navigates to this path. */
  to?: string;
}

export interface TabBarProps<V extends string> {
  value: V | false;
  items: TabBarItem<V>[];
  onChange?: (value: V) => void;
  /** 'page' (default): the home page's product tabs; 'topBar': on the navy top bar. */
  tone?: 'page' | 'topBar';
  'aria-label': string;
}

interface ScrollEdges {
  overflowing: boolean;
  atStart: boolean;
  atEnd: boolean;
}

/** Whether the tabs overflow their bar, and whether it is scrolled to either end (MUI Tabs' scroll buttons "auto"). */
function useScrollEdges(scroller: RefObject<HTMLDivElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ overflowing: false, atStart: true, atEnd: true });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const max = element.scrollWidth - element.clientWidth;
      const next = { overflowing: max > 1, atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= max - 1 };
      setEdges((current) =>
        current.overflowing === next.overflowing && current.atStart === next.atStart && current.atEnd === next.atEnd
          ? current
          : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scroller]);
  return edges;
}

/** Arrow keys, Home and End move the focus between the tabs (WAI-ARIA tabs, as MUI Tabs does). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(document.activeElement as HTMLElement);
  const next = {
    ArrowRight: (index + 1) % tabs.length,
    ArrowLeft: (index - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  }[event.key];
  if (next === undefined || index < 0) return;
  event.preventDefault();
  tabs[next]?.focus();
}

function ScrollButton({ side, edges, onClick }: { side: 'start' | 'end'; edges: ScrollEdges; onClick: () => void }) {
  if (!edges.overflowing) return null;
  const disabled = side === 'start' ? edges.atStart : edges.atEnd;
  return (
    <div aria-hidden className={`zv-tabs-scroll-button${disabled ? ' zv-disabled' : ''}`} onClick={onClick}>
      <Icon name={side === 'start' ? 'keyboardArrowLeft' : 'keyboardArrowRight'} small />
    </div>
  );
}

/**
 * A scrollable tab bar (the top bar's products, the home page's products), drawn by the first
 * screens' stylesheet as MUI's scrollable Tabs draws it, without MUI (issue 45): scroll arrows when
 * the tabs overflow (from the first paint), the selected tab scrolled into view, the indicator in the
 * selected tab, arrow keys between tabs.
 */
export function TabBar<V extends string>({
  value,
  items,
  onChange,
  tone = 'page',
  'aria-label': label,
}: TabBarProps<V>) {
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller);
  useLayoutEffect(() => {
    const element = scroller.current;
    const selected = element?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!element || !selected) return;
    const start = selected.offsetLeft - element.offsetLeft;
    if (start < element.scrollLeft) element.scrollLeft = start;
    else if (start + selected.offsetWidth > element.scrollLeft + element.clientWidth)
      element.scrollLeft = start + selected.offsetWidth - element.clientWidth;
  }, [value]);
  const scroll = (direction: 1 | -1) => {
    const element = scroller.current;
    element?.scrollBy?.({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  const focusable = items.some((item) => item.value === value) ? value : items[0]?.value;
  return (
    <div className={`zv-tabs ${tone === 'topBar' ? 'zv-tabs-top-bar' : 'zv-tabs-page'}`}>
      <ScrollButton side="start" edges={edges} onClick={() => scroll(-1)} />
      <div className="zv-tabs-scroller" ref={scroller}>
        <div role="tablist" aria-label={label} style={{ display: 'flex' }} onKeyDown={moveFocus}>
          {items.map((item) => {
            const selected = item.value === value;
            const props = {
              role: 'tab',
              className: 'zv-tab',
              'aria-selected': selected,
              tabIndex: item.value === focusable ? 0 : -1,
              onClick: () => (selected ? undefined : onChange?.(item.value)),
            } as const;
            const content = (
              <>
                {item.label}
                {selected && <span className="zv-tab-indicator" />}
              </>
            );
            return item.to ? (
              <RouterLink key={item.value} {...props} to={item.to}>
                {content}
              </RouterLink>
            ) : (
              <button key={item.value} type="button" {...props}>
                {content}
              </button>
            );
          })}
        </div>
      </div>
      <ScrollButton side="end" edges={edges} onClick={() => scroll(1)} />
    </div>
  );
}
