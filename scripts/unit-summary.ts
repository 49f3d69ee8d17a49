import SummaryReporter from './summary-reporter.ts';

export default class UnitSummary extends SummaryReporter {
  constructor() {
    super('unit');
  }
}
