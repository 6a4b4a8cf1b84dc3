/* Confidence intervals of simulated error rates (see sim_stats.h). */
#include "sim_stats.h"
#include <math.h>

/* Continued fraction of I_x(a, b) (modified Lentz; Numerical Recipes' betacf), converging for
 * x < (a + 1) / (a + b + 2); the caller uses the symmetry I_x(a, b) = 1 - I_{1-x}(b, a). Its
 * length grows like sqrt(max(a, b)): a few ten thousand terms at 10^9 frames. */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 2000000; m++) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d;
        d = fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d;
        d = fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < eps)
            break;
    }
    return h;
}

double sim_betainc(double a, double b, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    /* x^a (1-x)^b / B(a, b), in logs (a, b up to 10^12) */
    const double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betacf(a, b, x) / a;
    return 1.0 - front * betacf(b, a, 1.0 - x) / b;
}

/* The p where I_p(a, b) = target (I_p rises with p): bisection on log p, since the bounds of
 * rare errors are tiny; 64 halvings of [-745, 0] (down to the smallest double) leave a relative
 * error of 1e-16. */
static double beta_quantile(double a, double b, double target)
{
    double lo = -745.0, hi = 0.0;
    for (int i = 0; i < 64; i++) {
        const double mid = 0.5 * (lo + hi);
        if (sim_betainc(a, b, exp(mid)) < target)
            lo = mid;
        else
            hi = mid;
    }
    return exp(0.5 * (lo + hi));
}

void sim_clopper_pearson(uint64_t errors, uint64_t trials, double level, double *lo, double *hi)
{
    const double alpha = 1.0 - level, k = (double)errors, n = (double)trials;
    if (trials == 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    *lo = errors == 0 ? 0.0 : beta_quantile(k, n - k + 1.0, alpha / 2);
    *hi = errors >= trials ? 1.0 : beta_quantile(k + 1.0, n - k, 1.0 - alpha / 2);
}

void sim_fer_ci(uint64_t frame_errors, uint64_t frames, double *lo, double *hi)
{
    sim_clopper_pearson(frame_errors, frames, SIM_CI_LEVEL, lo, hi);
}

void sim_ber_ci(uint64_t bit_errors, uint64_t frame_errors, uint64_t frames, int k, double *lo,
                double *hi)
{
    double flo, fhi;
    sim_fer_ci(frame_errors, frames, &flo, &fhi);
    /* share of a failed frame's bits that are wrong; 1 (the most) when none failed */
    const double share = frame_errors ? (double)bit_errors / ((double)frame_errors * k) : 1.0;
    *lo = flo * share;
    *hi = fhi * share;
}
