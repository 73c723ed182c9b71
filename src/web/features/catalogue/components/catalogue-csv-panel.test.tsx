import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/utils';
import { CatalogueCsvPanel } from './catalogue-csv-panel';

describe('CatalogueCsvPanel', () => {
  it('says how a row names its image: a web address or an uploaded file name', () => {
    renderWithProviders(<CatalogueCsvPanel />);
    const hint = screen.getByText(/column takes a web address/);
    expect(hint).toHaveTextContent('JPEG, PNG or WebP of at most 5 MB');
    expect(hint).toHaveTextContent('the file name of an image already uploaded');
  });
});
