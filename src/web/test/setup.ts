import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default: too short for a cold first render on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // sonner keeps its toasts across renders and replays them to the next toaster: start each test with none.
  toast.dismiss();
  cleanup();
});
