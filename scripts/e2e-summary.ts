import SummaryReporter from './summary-reporter.ts';

export default class EndToEndSummary extends SummaryReporter {
  constructor() {
    super('e2e');
  }
}
