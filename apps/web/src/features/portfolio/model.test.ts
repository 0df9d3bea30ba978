import { FILE_STATUS_LABELS, UNKNOWN_PRODUCT_IN_PORTFOLIO } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { actionsFor } from './PortfolioActions';
import { enabledPortfolioProducts, orderByProduct, propertyViewHref, statusLabel } from './model';

describe('portfolio model', () => {
  it('labels file statuses as SPEC §3 says and hides ARCHIVED', () => {
    expect(statusLabel('UPLOADED')).toBe('Uploaded');
    expect(statusLabel('IN_PROGRESS')).toBe('In Progress');
    expect(statusLabel('READY')).toBe('In Review');
    expect(statusLabel('PROCESSED')).toBe('Processed');
    expect(statusLabel('ARCHIVED')).toBeNull();
    expect(statusLabel('READY')).toBe(FILE_STATUS_LABELS.READY);
  });

  it('offers only enabled portfolio products, in the fixed order', () => {
    expect(
      enabledPortfolioProducts(['zproperty-portfolio', 'zwind', 'zhail-portfolio', 'zfire-portfolio', 'zstorm']),
    ).toEqual(['zfire', 'zhail', 'zproperty']);
    expect(enabledPortfolioProducts(['zfire', 'zproperty'])).toEqual([]);
  });

  it('orders portfolio products by the fixed order, unknown ones last', () => {
    expect(
      orderByProduct([{ product: 'zproperty' }, { product: 'zwind' }, { product: 'zfire' }]).map((p) => p.product),
    ).toEqual(['zfire', 'zwind', 'zproperty']);
    expect(orderByProduct([{ product: 'mystery' }, { product: 'zhail' }]).map((p) => p.product)).toEqual([
      'zhail',
      'mystery',
    ]);
    expect(UNKNOWN_PRODUCT_IN_PORTFOLIO).toBe('Unknown product found in portfolio');
  });

  it('links a row to the property view by address, else by coordinates', () => {
    expect(propertyViewHref({ address: '1 Main St, Napa, CA', latitude: 1, longitude: 2 })).toBe(
      '/scores?location=1+Main+St%2C+Napa%2C+CA&location_type=address',
    );
    expect(propertyViewHref({ address: '', latitude: 38.5, longitude: -122.1 })).toBe(
      '/scores?location=38.5%2C-122.1&location_type=coordinates',
    );
    expect(propertyViewHref({ address: ' ', latitude: null, longitude: null })).toBeNull();
  });

  it('allows the actions of the status transition table', () => {
    expect(actionsFor('READY')).toContain('processed');
    expect(actionsFor('PROCESSED')).not.toContain('processed');
    expect(actionsFor('IN_PROGRESS')).not.toContain('csv');
    expect(actionsFor('UPLOADED')).toEqual(['archive', 'delete']);
  });
});
