import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import type { TabBarProps } from './TabBar';

/** MUI's scrollable Tabs (sliding indicator, scroll buttons when the tabs overflow, arrow keys). */
export function ScrollableTabs<V extends string>({
  value,
  items,
  onChange,
  textColor = 'primary',
  sx,
  'aria-label': label,
}: TabBarProps<V>) {
  return (
    <Tabs
      value={value}
      onChange={onChange && ((_event, next: V) => onChange(next))}
      aria-label={label}
      textColor={textColor}
      variant="scrollable"
      scrollButtons="auto"
      sx={sx}
    >
      {items.map((item) =>
        item.to ? (
          <Tab key={item.value} value={item.value} label={item.label} component={RouterLink} to={item.to} />
        ) : (
          <Tab key={item.value} value={item.value} label={item.label} />
        ),
      )}
    </Tabs>
  );
}
