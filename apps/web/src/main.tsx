import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { preloadToaster } from './lib/toast';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);

// Toasts are rare on a first visit: fetch their code after the page has fully loaded, so it
// never competes with the first paint.
window.addEventListener('load', () => setTimeout(() => void preloadToaster(), 3000), {
  once: true,
});
