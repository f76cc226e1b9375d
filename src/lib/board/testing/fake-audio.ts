/** An AudioContext for the specs: records the tones it is given and changes state when told. */
import type {
	AudioContextLike,
	AudioNodeLike,
	AudioParamLike,
	GainLike,
	OscillatorLike
} from '../chime.ts';

/** What was done to an AudioParam, in order: [method, value, time]. */
type ParamCall = [string, number, number];

class FakeParam implements AudioParamLike {
	readonly calls: ParamCall[] = [];
	setValueAtTime(value: number, time: number) {
		this.calls.push(['set', value, time]);
	}
	exponentialRampToValueAtTime(value: number, time: number) {
		this.calls.push(['ramp', value, time]);
	}
}

class FakeNode implements AudioNodeLike {
	connectedTo: AudioNodeLike | null = null;
	connect(destination: AudioNodeLike) {
		this.connectedTo = destination;
	}
}

export class FakeGain extends FakeNode implements GainLike {
	readonly gain = new FakeParam();
}

export class FakeOscillator extends FakeNode implements OscillatorLike {
	type: OscillatorType = 'sine';
	readonly frequency = new FakeParam();
	startedAt: number | null = null;
	stoppedAt: number | null = null;
	start(when: number) {
		this.startedAt = when;
	}
	stop(when: number) {
		this.stoppedAt = when;
	}
}

export class FakeAudioContext implements AudioContextLike {
	state: AudioContextState;
	currentTime = 0;
	readonly destination = new FakeNode();
	readonly oscillators: FakeOscillator[] = [];
	readonly gains: FakeGain[] = [];
	resumeCalls = 0;
	closed = false;
	/** false: the browser refuses to run without a tap, as on a reload before anyone touched it. */
	resumeAllowed = true;
	readonly #listeners: (() => void)[] = [];

	constructor(state: AudioContextState = 'suspended') {
		this.state = state;
	}

	createOscillator() {
		const oscillator = new FakeOscillator();
		this.oscillators.push(oscillator);
		return oscillator;
	}
	createGain() {
		const gain = new FakeGain();
		this.gains.push(gain);
		return gain;
	}
	async resume() {
		this.resumeCalls += 1;
		if (this.state === 'closed') throw new DOMException('closed', 'InvalidStateError');
		if (this.resumeAllowed) this.changeState('running');
	}
	async close() {
		this.closed = true;
		this.changeState('closed');
	}
	addEventListener(_type: 'statechange', listener: () => void) {
		this.#listeners.push(listener);
	}
	/** The browser changes the state (also by itself: the tablet went to sleep). */
	changeState(state: AudioContextState) {
		if (state === this.state) return;
		this.state = state;
		for (const listener of this.#listeners) listener();
	}
	/** The frequencies of the tones started, in order. */
	played(): number[] {
		return this.oscillators.map((oscillator) => oscillator.frequency.calls[0]?.[1] ?? NaN);
	}
}
