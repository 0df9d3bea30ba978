import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { deferredComponent } from './deferred';

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
  textColor?: 'inherit' | 'primary';
  /** Styles of the tab bar, as for MUI Tabs (`& .MuiTab-root`, `& .MuiTabs-indicator`, …). */
  sx?: SxProps<Theme>;
  'aria-label': string;
}

// MUI Tabs' indicator, as Tabs itself draws it inside the selected tab on its first render.
const INDICATOR = {
  position: 'absolute',
  height: 2,
  bottom: 0,
  left: 0,
  width: '100%',
  bgcolor: 'primary.main',
} as const;

/**
 * What MUI Tabs renders on its first render, before it has measured anything: the tabs in a row,
 * the indicator inside the selected one. Shown until the Tabs module is here; the tabs work
 * (a click selects or navigates), only the scroll buttons and the sliding indicator wait.
 */
export function FirstRenderTabs<V extends string>({
  value,
  items,
  onChange,
  textColor = 'primary',
  sx,
  'aria-label': label,
}: TabBarProps<V>) {
  return (
    <Box
      role="tablist"
      aria-label={label}
      sx={[{ display: 'flex', minHeight: 48, overflow: 'hidden' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {items.map((item) => {
        const selected = item.value === value;
        const props = {
          value: item.value,
          label: item.label,
          selected,
          textColor,
          onClick: () => (selected ? undefined : onChange?.(item.value)),
          indicator: selected ? <Box component="span" className="MuiTabs-indicator" sx={INDICATOR} /> : null,
        };
        return item.to ? (
          <Tab key={item.value} {...props} component={RouterLink} to={item.to} />
        ) : (
          <Tab key={item.value} {...props} />
        );
      })}
    </Box>
  );
}

/**
 * A scrollable tab bar (the top bar's products, the home page's products). MUI Tabs with its scroll
 * buttons and measuring (~5 KB gzip) loads after the first page has shown (issue 45: the home page's
 * JavaScript); until then its first render, drawn here with the same Tab components and styles.
 */
export const TabBar = deferredComponent<TabBarProps<string>>(
  () => import('./ScrollableTabs').then((module) => module.ScrollableTabs),
  { placeholder: (props) => <FirstRenderTabs {...props} /> },
) as unknown as (<V extends string>(props: TabBarProps<V>) => ReactNode) & { preload(): Promise<void> };
