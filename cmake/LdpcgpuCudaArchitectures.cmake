# The CUDA architectures built by default (cuda/CMakeLists.txt), when CMAKE_CUDA_ARCHITECTURES is
# not given:
#   80-real  A100, A30                      86-real  RTX 30, A10, A40, A2
#   89-real  RTX 40, L4, L40                90       H100, H200: machine code and PTX; the PTX
#                                                    is compiled by the driver on newer GPUs
#                                                    (Blackwell B200 sm_100, RTX 50 sm_120)
# Not 75 (Turing: T4, RTX 20), although nvcc 13 still targets it: the kernels use sm_80
# instructions (f16x2 min/max and relu in the int8-pair kernels, warp reductions), which ptxas
# refuses for sm_75 ("Feature 'max.f16 or max.f16x2' requires .target sm_80 or higher").
# Each architecture adds its share of compile time; -DCMAKE_CUDA_ARCHITECTURES=native builds
# for the GPUs of the building machine only.
set(LDPCGPU_CUDA_ARCHITECTURES_DEFAULT "80-real;86-real;89-real;90")
