import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/utils';
import { paths } from '@/config/paths';
import { Component as EmailVerified } from './email-verified';

describe('Email verified page', () => {
  it('confirms the address, explains the other-device case and offers Login', () => {
    renderWithProviders(<EmailVerified />, { route: '/email-verified' });
    expect(screen.getByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email is verified. Please log in.');
    expect(screen.getByRole('link', { name: 'Forget Password' })).toHaveAttribute(
      'href',
      paths.passwordReset,
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
    expect(document.title).toMatch(/^Email verified/);
  });

  it('says an invalid or expired link is not valid, and still offers Login', () => {
    renderWithProviders(<EmailVerified />, { route: '/email-verified?error=INVALID_TOKEN' });
    expect(screen.getByRole('heading', { name: 'Verification link not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
    expect(screen.queryByRole('link', { name: 'Forget Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
    expect(document.title).toMatch(/^Verification link not valid/);
  });
});
