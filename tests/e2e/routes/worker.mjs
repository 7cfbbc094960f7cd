// workerd's test handler (`workerd test`): the route check inside a module worker.
import { run } from './check-main.mjs';

export default {
  async test() {
    console.log(JSON.stringify(run()));
  },
};
