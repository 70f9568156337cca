//===- Runtime.h - everything a host program needs --------------*- C++ -*-===//

#ifndef TILEC_RUNTIME_RUNTIME_H
#define TILEC_RUNTIME_RUNTIME_H

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/AutotuneIndex.h"
#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/DeviceBuffer.h"
#include "tilec/runtime/Driver.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Kernel.h"
#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Launcher.h"
#include "tilec/runtime/Manifest.h"
#include "tilec/runtime/Stream.h"
#include "tilec/runtime/Timing.h"

#endif // TILEC_RUNTIME_RUNTIME_H
