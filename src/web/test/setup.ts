import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { forgetShopInfo } from '@/lib/shop-info';
import { resetUnitSystemCache } from '@/features/catalogue/lib/units';

// findBy/waitFor give up after 1 s by default: too short for a cold first render on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // sonner keeps its toasts across renders and replays them to the next toaster: start each test with none.
  toast.dismiss();
  cleanup();
  // Web test files share their worker's modules (vitest.config.ts): a module's cache must not outlive its test.
  forgetShopInfo();
  localStorage.clear();
  resetUnitSystemCache();
});
